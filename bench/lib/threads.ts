/**
 * The CPU time of a process's threads, read from Linux's /proc (`utime` + `stime` of each
 * `/proc/<pid>/task/<tid>/stat`): what a run of requests cost the server, thread by thread, whatever
 * else the machine was doing. Requests per second fall when other work shares the cores; the CPU
 * time each request costs does not, so it is the figure to compare two versions of the code by.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux build we run on). */
const TICKS_PER_SECOND = 100;

export interface ThreadTimes {
  /** Milliseconds of CPU by thread id. */
  byThread: Map<number, { name: string; ms: number }>;
}

export const threadTimes = (pid: number): ThreadTimes => {
  const byThread = new Map<number, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
      const ticks = Number(fields[11]) + Number(fields[12]);
      byThread.set(Number(tid), { name, ms: (ticks * 1000) / TICKS_PER_SECOND });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return { byThread };
};

/**
 * What the process's threads spent between two readings, per `count` (requests): its main thread
 * (the thread whose id is the process's), its busiest other thread, and the rest by name (V8's
 * helpers, libuv's pool), busiest first.
 */
export const spentPer = (pid: number, before: ThreadTimes, after: ThreadTimes, count: number) => {
  const spent = [...after.byThread].map(([tid, { name, ms }]) => ({
    tid,
    name,
    ms: ms - (before.byThread.get(tid)?.ms ?? 0),
  }));
  const per = (ms: number) => Number((ms / count).toFixed(2));
  const main = spent.find((t) => t.tid === pid)?.ms ?? 0;
  const [busiest, ...others] = spent.filter((t) => t.tid !== pid).sort((a, b) => b.ms - a.ms);
  const rest = new Map<string, number>();
  for (const { name, ms } of others) rest.set(name, (rest.get(name) ?? 0) + ms);
  return {
    main: per(main),
    busiest: busiest ? { name: busiest.name, ms: per(busiest.ms) } : null,
    rest: [...rest]
      .map(([name, ms]) => ({ name, ms: per(ms) }))
      .filter(({ ms }) => ms > 0)
      .sort((a, b) => b.ms - a.ms),
  };
};
