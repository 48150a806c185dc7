import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { restoreLanguage } from "./i18n/i18n";
import { router } from "./router";
import { applyAppearance } from "./settings/appearance";
import "./styles/theme.css";
import "./styles/base.css";

void restoreLanguage();
applyAppearance();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
