/** A plugin's whole en-gb file as a chunk of its own (`deferredStrings` of a plugin definition). */
declare module "*.json?deferred" {
  const strings: import("./i18n").Dictionary;
  export default strings;
}
