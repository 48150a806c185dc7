/** The interface section's custom colours: each main colour of the theme, overridden at once. */
import { useState } from "react";
import { t } from "../../i18n/i18n";
import { Button } from "../../ui/Button";
import { ColourField } from "../../ui/form/ColourField";
import { safeColour } from "../../ui/safeStyle";
import { SettingsCard } from "../area/SettingsPage";
import { CUSTOM_COLOUR_VARIABLES, resetCustomColours, setCustomColour, THEME_COLOURS, validCustomColours, type CustomColourVariable } from "../customColours";
import { useLocalSetting } from "../localSettings";

const LABEL_KEYS = {
  accent: "accent",
  "bg-main": "bgMain",
  "bg-pane": "bgPane",
  "bg-rail": "bgRail",
  "bg-elevated": "bgElevated",
  text: "text",
  "text-muted": "textMuted",
} as const satisfies Record<CustomColourVariable, string>;

export function CustomColoursCard() {
  const theme = useLocalSetting("theme");
  const overrides = validCustomColours(useLocalSetting("customColors"));
  /** Text being typed that is not a colour yet (nothing is applied until it is). */
  const [typing, setTyping] = useState<Partial<Record<CustomColourVariable, string>>>({});

  const change = (variable: CustomColourVariable, value: string) => {
    const applied = safeColour(value) !== undefined && setCustomColour(variable, value);
    setTyping(({ [variable]: _dropped, ...rest }) => (applied ? rest : { ...rest, [variable]: value }));
  };
  const reset = (variable: CustomColourVariable) => {
    setCustomColour(variable, null);
    setTyping(({ [variable]: _dropped, ...rest }) => rest);
  };

  return (
    <SettingsCard title={t("settings.interface.customColours")} description={t("settings.interface.customColoursHint")}>
      <div className="custom-colours" data-testid="custom-colours">
        {CUSTOM_COLOUR_VARIABLES.map((variable) => {
          const themeColour = THEME_COLOURS[theme][variable];
          const typed = typing[variable];
          const label = t(`settings.interface.colours.${LABEL_KEYS[variable]}`);
          return (
            <ColourField
              key={variable}
              testId={`custom-colour-${variable}`}
              label={label}
              value={typed ?? overrides[variable] ?? themeColour}
              fallback={overrides[variable] ?? themeColour}
              error={typed ? t("colourField.invalid") : null}
              onChange={(value) => change(variable, value)}
              actions={
                overrides[variable] && (
                  <Button variant="ghost" onClick={() => reset(variable)} aria-label={t("settings.interface.resetColourOf", { colour: label })}>
                    {t("settings.interface.resetColour")}
                  </Button>
                )
              }
            />
          );
        })}
      </div>
      <div>
        <Button
          disabled={Object.keys(overrides).length === 0 && Object.keys(typing).length === 0}
          onClick={() => {
            resetCustomColours();
            setTyping({});
          }}
        >
          {t("settings.interface.resetColours")}
        </Button>
      </div>
    </SettingsCard>
  );
}
