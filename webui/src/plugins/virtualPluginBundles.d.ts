/** Installed third-party plugins' web bundles (see `installedPluginBundles` in vite.config.ts). */
declare module "virtual:hearth-plugin-bundles" {
  const bundles: Record<string, () => Promise<{ default: import("@hearth/plugins/pluginTypes").HearthWebPlugin }>>;
  export default bundles;
}
