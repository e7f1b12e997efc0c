import { FLOOR_TARGETS } from './calls';
import { API_BASE, type FloorResult } from './floor';
import { load, settle, type Server } from './http';
import { round, type Figures } from './stats';

/** One call loaded through the API, beside its floor (the same SQL without HTTP). */
export type FloorRow = {
  name: string;
  path: string;
  statements: number;
  floor: Figures | null;
  api: Figures | null;
  /** p97.5 of the call over p97.5 of its floor. */
  ratio: number | null;
  met: boolean | null;
};

/**
 * Loads each call through the API for `seconds`, once the database has settled, and
 * compares its p97.5 with its floor's against its group's target (FLOOR_TARGETS).
 */
export async function measureBesideFloor(
  api: Server,
  databaseUrl: string,
  token: string,
  { calls, floor }: Pick<FloorResult, 'calls' | 'floor'>,
  seconds: number,
  log: (msg: string) => void,
): Promise<FloorRow[]> {
  const rows: FloorRow[] = [];
  for (const call of calls) {
    if (call.skipped) throw new Error(`bench: ${call.path} answered ${call.skipped}`);
    await settle(api.base, databaseUrl);
    const figures = await load(`${api.base}${API_BASE}${call.path}`, seconds, token, api);
    const base = floor.get(call.path) ?? null;
    const ratio = base && base.p97_5 > 0 ? figures.p97_5 / base.p97_5 : null;
    rows.push({
      name: call.name,
      path: call.path,
      statements: call.statements.length,
      floor: base,
      api: figures,
      ratio: ratio === null ? null : round(ratio, 2),
      met: ratio === null ? null : ratio <= FLOOR_TARGETS[call.group],
    });
    log(
      `  ${call.name}: p97.5 ${figures.p97_5} ms, floor ${base?.p97_5.toFixed(1)} ms, ${ratio?.toFixed(2)}x`,
    );
  }
  return rows;
}
