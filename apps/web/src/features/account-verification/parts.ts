// What other features' screens call from this feature. Imported only by lazily loaded code (the
// transfer wizard's "use my ID's details"): through index.ts it would ride in the first load.
export { useApplyInfoFromPoi } from './api/apply-info-from-poi';
