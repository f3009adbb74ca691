/** Object URLs as a fake for the live-grid tests: which were made, which revoked. Installed on import. */
export const created: string[] = [];
export const revoked: string[] = [];
let urlSeq = 0;
URL.createObjectURL = () => {
  const url = `blob:picture-${++urlSeq}`;
  created.push(url);
  return url;
};
URL.revokeObjectURL = (url: string) => void revoked.push(url);
/** URLs made and not revoked yet. */
export const alive = () => created.filter((url) => !revoked.includes(url));
