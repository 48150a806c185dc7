/** Per namespace, en-gb's key count and each language's translated count (see `localeStatsReport` in vite.config.ts). */
declare module "virtual:hearth-locale-stats" {
  const stats: import("./localeCheck").LocaleStats;
  export default stats;
}
