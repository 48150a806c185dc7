/** Built by `webui/build/twemoji.ts`: where the emoji artwork is served and its unusual file names. */
declare module "virtual:twemoji" {
  /** `/assets/twemoji-<version>/` */
  export const base: string;
  /** `{usual file name: actual file name}` for the few emoji named otherwise. */
  export const renamed: Record<string, string>;
}
