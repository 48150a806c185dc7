import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { restoreLanguage } from "./i18n/i18n";
import { AppRouter } from "./router";
import { applyAppearance } from "./settings/appearance";
import "./styles/theme.css";
import "./styles/base.css";

void restoreLanguage();
applyAppearance();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
