// What the browser tests and the screenshots need on the machine: a Chromium and, for the screenshots, CJK fonts.
// Each is found, else installed from Debian's packages when this runs as root with apt-get, else the run stops with
// one line saying what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function onPath(name) {
  const found = spawnSync('/bin/sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function aptInstall(pkg) {
  if (process.getuid?.() !== 0 || !onPath('apt-get')) return false;
  console.log(`installing Debian's ${pkg} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  return apt(['update', '-qq']) && apt(['install', '-y', '-qq', pkg]);
}

function stop(line) {
  console.error(line);
  process.exit(1);
}

/** The Chromium to drive: CHROMIUM_PATH, else the first of the usual names on PATH, else Debian's, installed. */
export function chromiumPath() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!fs.existsSync(chosen))
      stop(`CHROMIUM_PATH is ${chosen}, which does not exist: point it at a Chromium or Chrome binary.`);
    return chosen;
  }
  const find = () => BROWSERS.map(onPath).find(Boolean) ?? null;
  const found = find() ?? (aptInstall('chromium') ? find() : null);
  if (!found)
    stop(
      'The browser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  return found;
}

/** Chinese, Japanese and Korean fonts, so the screenshots in those languages show text rather than boxes. */
export function ensureCjkFonts() {
  const has = () => {
    try {
      return execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim() !== '';
    } catch {
      return false;
    }
  };
  if (has() || (aptInstall('fonts-noto-cjk') && has())) return;
  stop('The screenshots need CJK fonts: install them (Debian/Ubuntu: sudo apt-get install -y fonts-noto-cjk).');
}
