/** Live lists (issue 46): what records changed, told to open screens in batches. */
export { recordChangesPlugin } from './changes.plugin';
