/**
 * Test helper (not exported by the package): finds the messages written in
 * source files, so a test can require a translation of each one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface FoundMessage {
  file: string;
  /** The text; a template literal's `${…}` parts become `{}`. */
  text: string;
  /** True for a template literal with substitutions. */
  template: boolean;
}

/** A sentence a person reads: has a space and ends like one, or asks "Please …". */
const looksLikeMessage = (text: string) =>
  /\s/.test(text.trim()) && (/[.!?]\s*$/.test(text) || /^Please /.test(text));

function sourceFiles(dir: string, skip: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip(path)) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path, skip);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every message-like string and template literal under `dir` (tests excluded). */
export function scanMessages(dir: string, skip: (path: string) => boolean = () => false) {
  const found: FoundMessage[] = [];
  for (const path of sourceFiles(dir, skip)) {
    const file = relative(dir, path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      // An endpoint's `summary` is the API reference's text, for integrators, in English.
      if (
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'summary'
      ) {
        return;
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (looksLikeMessage(node.text)) found.push({ file, text: node.text, template: false });
      } else if (ts.isTemplateExpression(node)) {
        const text =
          node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
        if (looksLikeMessage(text)) found.push({ file, text, template: true });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `catalogue` translates `message`: an entry of that exact text, or —
 * for a template literal — an entry whose text is the same sentence with
 * `{name}` placeholders where the source has `${…}`.
 */
export function catalogueCovers(
  catalogue: Readonly<Record<string, string>>,
  message: FoundMessage,
) {
  if (!message.template) return Object.hasOwn(catalogue, message.text);
  const pattern = new RegExp(
    `^${message.text.split('{}').map(escapeRegExp).join('(?:\\{\\w+\\}|.+?)')}$`,
    's',
  );
  return Object.keys(catalogue).some((english) => pattern.test(english));
}
