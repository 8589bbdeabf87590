/**
 * The Linux desktop entry electron-builder 26 writes for the deb (/usr/share/applications/<name>.desktop),
 * computed by electron-builder's own LinuxTargetHelper from electron-builder.yml and package.json, without
 * packing: it starts the app under XWayland (`--ozone-platform=x11`, `linux.executableArgs`), and it is
 * named after `desktopName` (`linux.syncDesktopName`), the reverse-DNS id Electron gives the Wayland
 * GlobalShortcuts portal and the window's app_id (node_modules/app-builder-lib 26.17.0
 * out/targets/LinuxTargetHelper.js `computeDesktopEntry`, `getDesktopFileName`; out/targets/FpmTarget.js
 * installs it as `${getDesktopFileName()}.desktop`). The AppImage's own entry (`AppRun <executableArgs> %U`,
 * out/targets/appimage/AppImageTarget.js) is only read by desktop integrators: a double-clicked AppImage
 * runs AppRun with the user's arguments only (appImageUtil.js `generateAppRunScript`), so it starts natively
 * on Wayland and main/platform/display-server.ts handles that.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import { APP_ID } from '../../main/platform/environment';

/** The switch that runs Electron under XWayland (docs/breaking-changes.md 38.0 at electron@96f3996). */
const X11_OZONE_ARG = '--ozone-platform=x11';

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;

async function debEntry(): Promise<{ fileName: string; content: string }> {
  const config = await getConfig(root, null, null);
  const linux = config.linux ?? {};
  const packager = {
    appInfo: {
      productName: String(pkg.productName),
      sanitizedProductName: String(pkg.productName),
      description: String(pkg.description),
    },
    executableName: linux.executableName,
    info: { metadata: pkg },
    platformSpecificBuildOptions: linux,
    config,
    fileAssociations: [],
  };
  const helper = new LinuxTargetHelper(packager as never);
  return {
    fileName: `${helper.getDesktopFileName()}.desktop`,
    content: await helper.computeDesktopEntry(linux),
  };
}

describe('the deb desktop entry', () => {
  it('starts the app under XWayland', async () => {
    const { content } = await debEntry();
    expect(content).toMatch(
      new RegExp(`^Exec="/opt/ClassCharts Tray/classcharts-tray" ${X11_OZONE_ARG} %U$`, 'm'),
    );
  });

  it(`is ${APP_ID}.desktop, the desktopName Electron reports to Wayland (app_id, shortcuts portal)`, async () => {
    const { fileName, content } = await debEntry();
    expect(pkg.desktopName).toBe(`${APP_ID}.desktop`);
    expect(fileName).toBe(`${APP_ID}.desktop`);
    expect(content).toMatch(new RegExp(`^StartupWMClass=${APP_ID.replace(/\./g, '\\.')}$`, 'm'));
    expect(content).toMatch(/^Icon=classcharts-tray$/m); // the icon keeps the executable's name
  });
});
