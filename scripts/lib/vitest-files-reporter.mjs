// A vitest reporter (scripts/test.mjs passes it) that writes each test file's whole time to the file
// named by VITEST_FILES_OUT: its environment, its imports (the module graph a file loads, which the
// JSON reporter leaves out), its hooks and its tests. scripts/lib/timing.mjs lists the slowest.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export default class FilesReporter {
  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} modules */
  onTestRunEnd(modules) {
    const out = process.env.VITEST_FILES_OUT;
    if (!out) return;
    const files = modules.map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return {
        file: relative(this.root, m.moduleId),
        seconds: Math.round(ms / 100) / 10,
        importSeconds: Math.round(d.collectDuration / 100) / 10,
        tests: [...m.children.allTests()].length,
      };
    });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(files, null, 2)}\n`);
  }
}
