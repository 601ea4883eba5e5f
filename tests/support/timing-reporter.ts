/**
 * A reporter that adds, after the run, where its time went (docs/decisions/0038-every-check-in-minutes.md):
 * the run's wall time, each project's files and their summed time, and the slowest twenty files
 * (import and tests), so a slow newcomer is seen when it lands. Used next to the default reporter.
 */
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A module's own time: importing it (and what it imports) and running its tests and hooks. */
const timeOf = (m: TestModule) => {
  const d = m.diagnostic();
  return d.collectDuration + d.setupDuration + d.duration;
};

export default class TimingReporter implements Reporter {
  private started = Date.now();

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (!modules.length) return;
    const lines = [
      `\nTest run: ${seconds(Date.now() - this.started)} of wall time`,
      'Per project (files, summed time):',
    ];
    const projects = new Map<string, { files: number; ms: number }>();
    for (const m of modules) {
      const p = projects.get(m.project.name) ?? { files: 0, ms: 0 };
      p.files++;
      p.ms += timeOf(m);
      projects.set(m.project.name, p);
    }
    for (const [name, p] of [...projects].sort((a, b) => b[1].ms - a[1].ms))
      lines.push(`  ${name.padEnd(16)} ${String(p.files).padStart(3)} files  ${seconds(p.ms)}`);
    lines.push('Slowest files:');
    for (const m of [...modules].sort((a, b) => timeOf(b) - timeOf(a)).slice(0, 20))
      lines.push(`  ${seconds(timeOf(m)).padStart(8)}  ${m.project.name.padEnd(16)} ${m.relativeModuleId}`);
    console.info(lines.join('\n'));
  }
}
