import { existsSync } from "node:fs";

// The DejaVu faces (Debian's fonts-dejavu-core, present wherever Chromium is). Scanning every system
// font costs ~0.5 s per picture, so only these files are loaded; without them resvg draws no text.
const FONT_DIR = "/usr/share/fonts/truetype/dejavu";
const FONT_FILES = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"].map((f) => `${FONT_DIR}/${f}`).filter((f) => existsSync(f));

/** resvg's font options: the DejaVu files by path, system fonts only where they are missing. */
export const RESVG_FONTS = { loadSystemFonts: FONT_FILES.length === 0, fontFiles: FONT_FILES, defaultFontFamily: "DejaVu Sans" };
