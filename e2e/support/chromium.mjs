// How every browser in this project is launched: Debian's Chromium
// (/usr/bin/chromium), headless. Playwright's own browser builds cannot be
// downloaded on the machines this project uses, and without the
// background-networking flags Chromium tries to reach Google's services,
// which a closed network refuses. Shared by the Playwright suite and
// scripts/report.
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
