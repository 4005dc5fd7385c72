#!/usr/bin/env node
// CLI fuzz (issue 21): runs every subcommand of the native tool (found from `tabla --help`, so a
// new one is covered too) with malformed arguments, malformed stdin and malformed input files, and
// a few valid edge cases that must finish at once. A run fails on "panicked at", exit code 101, a
// signal, or running past its time cap; a malformed argument must also be refused (exit code 2).
// Bounded: about a thousand runs, two at a time, well under a minute.
// Usage: node scripts/cli-fuzz.mjs [path/to/tabla]   (default target/release/tabla)
// Prints `cli-fuzz: N passed, M failed` and exits 1 if any failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.resolve(process.argv[2] || process.env.TABLA_BIN || path.join(ROOT, 'target/release/tabla'));
// The cap of one run: the slowest valid run (ai-bench --moves 1) takes 3 s alone; the margin is
// for a loaded machine.
const CAP_MS = Number(process.env.TABLA_FUZZ_CAP_MS || 30000);
const JOBS = Number(process.env.TABLA_FUZZ_JOBS || 2);
if (!existsSync(BIN)) {
  console.error(`cli-fuzz: ${BIN} not found (cargo build --release)`);
  process.exit(1);
}

const START = '4HPwATDgc/ABMA';
const NET = path.join(ROOT, 'src/ai/backgammon/weights/backgammon.net');
const tmp = mkdtempSync(path.join(tmpdir(), 'tabla-cli-fuzz-'));
const file = (name, content) => {
  const p = path.join(tmp, name);
  writeFileSync(p, content);
  return p;
};
const UNWRITABLE = '/dev/null/x';
const MISSING = path.join(tmp, 'missing', 'file');

// Malformed contents of the files the tool reads.
const netHeader = (version, inputs, hidden, outputs) => {
  const b = Buffer.alloc(28);
  b.write('TBNN', 0, 'latin1');
  b.writeUInt32LE(version, 4);
  b.writeUInt32LE(inputs, 8);
  b.writeUInt32LE(hidden, 12);
  b.writeUInt32LE(outputs, 16);
  return b;
};
const BAD_FILES = [
  file('empty', ''),
  file('garbage', 'garbage\n\u00e9\u0000\uffff'),
  file('deep.json', '['.repeat(100000)),
  file('json-null', 'null'),
  file('save-shape', '{"format":"tabla-backgammon","version":1,"record":[{"type":"roll","dice":[0,9]}]}'),
  file('save-version', '{"format":"tabla-backgammon","version":99}'),
  file('pdn-tag', '[Event "unclosed\n1. c3-d4'),
  file('pdn-comment', '1. c3-d4 { never closed'),
  file('pdn-variation', '1. c3-d4 ((( f6-g5'),
  file('pdn-moves', '[GameType "25"]\n1. zz-zz h9-a0 *'),
  file('pdn-fen', '[FEN "W:Wa1,a1:Bh8"]\n1. a1-b2 *'),
  file('pdn-gametype', '[GameType "20"]\n1. 32-28 *'),
  file('fens', '# fens\nW:Wz9:Bh8\nnot a fen\n'),
  file('suite', 'W:Wc3:Bf6 zz-zz # bad move\nW:Wc3\n'),
  file('net-short', Buffer.from('TBNN')),
  file('net-version', netHeader(9, 207, 8, 5)),
  file('net-outputs', netHeader(1, 207, 8, 4)),
  file('net-huge', netHeader(1, 0xffffffff, 0xffffffff, 5)),
  file('net-narrow', Buffer.concat([netHeader(1, 1, 1, 5), Buffer.alloc(4 * (1 + 1 + 5 + 5))])),
];
// A valid backgammon save (the opening roll 3-1 set by hand), then one corruption at a time.
const SAVE = {
  format: 'tabla-backgammon',
  version: 1,
  options: {
    variant: 'backgammon',
    start: 'roll',
    scoring: 'standard',
    cube: true,
    jacoby: false,
    matchLength: 0,
    doublesExtraRoll: false,
    enterAllBeforePassing: false,
    exactBearOff: false,
  },
  dice: { source: 'fixed' },
  record: [{ type: 'opening-roll', white: 3, black: 1, set: true }],
  steps: [],
  positionId: START,
  phase: 'move',
  turn: 'white',
  score: [0, 0],
  cube: { value: 1, owner: null, offeredBy: null, enabled: true },
};
const CORRUPT = {
  'options.variant': 'chess',
  'options.jacoby': 'yes',
  dice: { source: 'seeded', seed: -1 },
  record: [
    ...Array.from({ length: 20000 }, () => ({ type: 'next-game' })),
    { type: 'roll', player: 'white', dice: [0, 9] },
  ],
  'record.0': { type: 'opening-roll', white: 7, black: 0, set: true },
  steps: [{ from: 255, to: 0, die: 200, hit: true }],
  positionId: '////////////////',
  phase: 'game-over',
  score: [4294967295, 0],
  'cube.value': 4294967295,
  start: { positionId: 'AAAAAAAAAAAAAA', unentered: [255, 255], turn: 'black' },
};
const SAVES = Object.entries(CORRUPT).map(([key, value], i) => {
  const save = structuredClone(SAVE);
  const keys = key.split('.');
  let o = save;
  for (const k of keys.slice(0, -1)) o = o[k];
  o[keys.at(-1)] = value;
  return file(`save-${i}.json`, JSON.stringify(save));
});
const BAD_VALUES = [
  '',
  ' ',
  '-1',
  'NaN',
  'inf',
  '-inf',
  '1e999',
  '18446744073709551616',
  '99999999999999999999999',
  'x',
  '3-',
  '\u00e9\u00e9',
  '%s%n',
];
// Options and arguments naming files or directories, and the values tried for them.
const INPUT_PATHS = new Set(['positions', 'suite', 'weights', 'teacher', 'a-weights', 'b-weights', 'FILE', 'INPUT']);
const INPUT_LISTS = new Set(['INPUTS', 'LOGS']);
const OUTPUT_PATHS = new Set(['dir', 'out', 'data', 'OUTPUT']);
const BAD_INPUT_PATHS = ['', '/', MISSING, ...BAD_FILES];
const BAD_OUTPUT_PATHS = ['', '/', UNWRITABLE];

// A valid, cheap base for each command: a malformed value replaces one of these or is added to
// them. Commands that would write or run long point their outputs at an unwritable path.
const BASE = {
  replay: ['--game', 'russian', BAD_FILES[0]],
  'bench-api': ['--seconds', '0.01'],
  plays: ['--dice', '3-1'],
  bench: ['--seconds', '0.01'],
  'pack-weights': [NET, UNWRITABLE],
  'average-weights': [UNWRITABLE, NET],
  ensemble: [UNWRITABLE, NET],
  train: ['--dir', UNWRITABLE, '--games', '1', '--hidden', '1', '--eval-every', '0'],
  distill: ['--weights', NET, '--dir', UNWRITABLE, '--games', '1', '--eval-pairs', '0', '--epochs', '0'],
  duel: ['--a', 'heuristic', '--b', 'pubeval', '--games', '2'],
  'duel-merge': ['-'],
  'ai-bench': ['--moves', '1'],
  'ai-serve': [],
  'ai-hint': [START, '3-1', '--ply', '0'],
  'perft russian': ['--depth', '1'],
  'analyze-draughts': ['--time-ms', '10'],
  'bench-draughts': ['--no-levels', '--time-ms', '1', '--positions', MISSING],
  'duel-draughts': ['--a', 'beginner', '--b', 'beginner', '--games', '2', '--opening-plies', '0'],
  'tactics-draughts': ['--nodes', '1', '--suite', MISSING],
  'tune-draughts': ['--data', UNWRITABLE, '--games', '1', '--nodes', '1', '--iterations', '1'],
};
const STDIN = { 'duel-merge': 'part 0/1: pairs 1 sum 0 sumsq 0\n' };

/** Sections of a help text: `Commands:`, `Arguments:`, `Options:` → their lines. */
function sections(text) {
  const out = {};
  let cur = null;
  for (const line of text.split('\n')) {
    const head = /^(\w[\w ]*):$/.exec(line);
    if (head) cur = out[head[1]] = [];
    else if (cur && line.trim()) cur.push(line);
    // an empty line ends a section; clap writes an option without a description as its name
    // line and a line of spaces
    else if (!line) cur = null;
  }
  return out;
}

/** Every command path (`["perft", "russian"]`...) with its options and positional arguments. */
function discover(prefix = []) {
  const help = spawnSync(BIN, [...prefix, '--help'], { encoding: 'utf8' }).stdout;
  const s = sections(help);
  if (s.Commands) {
    return s.Commands.map((l) => l.trim().split(/\s+/)[0])
      .filter((c) => c !== 'help')
      .flatMap((c) => discover([...prefix, c]));
  }
  const options = (s.Options || [])
    .map((l) => /^\s+(?:-\w, )?--([\w-]+)(?: <(\w+)>)?/.exec(l))
    .filter((m) => m && m[1] !== 'help' && m[1] !== 'version')
    .map((m) => ({ name: m[1], value: Boolean(m[2]) }));
  const positionals = (s.Arguments || []).map((l) => /^\s+[<[](\w+)/.exec(l)?.[1]).filter(Boolean);
  return [{ path: prefix, options, positionals }];
}

/** `base` with `--name value` set (replacing the base's own occurrence). */
function withOption(base, name, value) {
  const args = [...base];
  const i = args.indexOf(`--${name}`);
  if (i >= 0) args.splice(i, 2, `--${name}`, value);
  else args.push(`--${name}`, value);
  return args;
}

/** The base's positional arguments are those not part of an option (`--x v` or a flag). */
function positionalSlots(base, options) {
  const slots = [];
  for (let i = 0; i < base.length; i++) {
    const o = base[i].startsWith('--') ? options.find((x) => `--${x.name}` === base[i]) : null;
    if (o) i += o.value ? 1 : 0;
    else slots.push(i);
  }
  return slots;
}

const cases = [];
const add = (args, opts = {}) => cases.push({ args, stdin: '', refuse: false, ...opts });

const commands = discover();
for (const { path: cmd, options, positionals } of commands) {
  const name = cmd.join(' ');
  const base = BASE[name] ?? [];
  const stdin = STDIN[name] ?? '';
  const plain = { stdin, name };
  // Malformed flags: unknown, a value missing, a stray argument, an option repeated.
  add([...cmd, ...base, '--no-such-option'], { ...plain, refuse: true });
  add([...cmd, ...base, '--'], plain);
  add([...cmd, ...base, 'stray', 'arguments', 'here'], { ...plain, refuse: positionals.length === 0 });
  for (const o of options) {
    if (!o.value) {
      add([...cmd, ...base, `--${o.name}=x`], { ...plain, refuse: true });
      continue;
    }
    add([...cmd, ...base.filter((a, i) => a !== `--${o.name}` && base[i - 1] !== `--${o.name}`), `--${o.name}`], {
      ...plain,
      refuse: true,
    });
    add([...cmd, ...withOption(base, o.name, '1'), `--${o.name}`, '1'], plain);
    if (INPUT_PATHS.has(o.name)) {
      for (const v of BAD_INPUT_PATHS) add([...cmd, ...withOption(base, o.name, v)], plain);
    } else if (OUTPUT_PATHS.has(o.name)) {
      for (const v of BAD_OUTPUT_PATHS) add([...cmd, ...withOption(base, o.name, v)], plain);
    } else {
      for (const v of BAD_VALUES) add([...cmd, ...withOption(base, o.name, v)], { ...plain, refuse: true });
    }
  }
  // Positional arguments: each slot of the base replaced by malformed values.
  const slots = positionalSlots(base, options);
  positionals.forEach((p, k) => {
    const slot = slots[k];
    const values =
      INPUT_PATHS.has(p) || INPUT_LISTS.has(p) ? BAD_INPUT_PATHS : OUTPUT_PATHS.has(p) ? BAD_OUTPUT_PATHS : BAD_VALUES;
    for (const v of values) {
      const args = [...base];
      if (slot === undefined) args.push(v);
      else args[slot] = v;
      add([...cmd, ...args], plain);
    }
  });
  // Malformed stdin, to every command (most ignore it).
  add([...cmd, ...base], { name, stdin: '\u0000\uffff garbage\n'.repeat(100) });
}

// The line protocol: every non-empty line gets one answer, a bad one `error: ...`, and serving
// goes on; exit code 2 if any line was bad.
const SERVE_BAD = [
  'eval',
  START,
  `${START} 3`,
  `${START} 0 7`,
  `${START} 255 255 pubeval`,
  `eval ${START} 9`,
  `eval ${START} -1`,
  `eval ${START} 1 2`,
  `${START} 3 1 grandmaster`,
  `${START} 3 1 expert extra`,
  'AAAAAAAAAAAAAA 3 1',
  '//////////////// 1 1',
  '4HPwATDgc/ABM 3 1',
  '\u00e9\u00e9 1 1',
  `eval ${'x'.repeat(10000)}`,
];
let seed = 0x2545f491;
const rand = (n) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};
const TOKENS = [
  'eval',
  START,
  'AAAAAAAAAAAAAA',
  'xP8PAADg/wMAMA',
  '0',
  '1',
  '3',
  '6',
  '7',
  '-1',
  '255',
  'pubeval',
  'expert',
  '',
];
const randomLines = Array.from({ length: 300 }, () =>
  Array.from({ length: rand(6) }, () => TOKENS[rand(TOKENS.length)]).join(' '),
);
for (const variant of ['backgammon', 'table', 'acey-deucey']) {
  for (const line of SERVE_BAD) {
    cases.push({
      name: 'ai-serve line',
      args: ['ai-serve', '--variant', variant],
      stdin: `${line}\n${START} 3 1\n`,
      serve: 2,
    });
  }
  cases.push({
    name: 'ai-serve random',
    args: ['ai-serve', '--variant', variant],
    stdin: `${randomLines.join('\n')}\n`,
    serve: true,
  });
}
for (const text of ['part 0/2: pairs NaN sum 1 sumsq 1', 'part x', 'part 0/2: pairs 2 sum 1e300 sumsq 1', 'nothing']) {
  cases.push({ name: 'duel-merge stdin', args: ['duel-merge', '-'], stdin: text, refuse: true });
}
for (const game of ['backgammon', 'russian']) {
  // (Russian: an empty text, or one that is all a {comment}, is a game with no moves.)
  for (const f of BAD_FILES) cases.push({ name: 'replay file', args: ['replay', '--game', game, f] });
}
for (const f of SAVES) cases.push({ name: 'replay save', args: ['replay', '--game', 'backgammon', f], refuse: true });
cases.push({ name: 'replay save', args: ['replay', '--game', 'backgammon', file('save.json', JSON.stringify(SAVE))] });
// Valid edge cases: they must finish at once, with an answer or a clean error.
for (const args of [
  ['perft', 'russian', '--depth', '3', '--divide', '--paths', '--fen', 'W:WKa1:BKh2'],
  ['perft', 'russian', '--depth', '2', '--fen', 'W:W:Bh8'],
  ['analyze-draughts', '--fen', 'W:W:Bh8'],
  ['analyze-draughts', '--depth', '64', '--time-ms', '50'],
  ['analyze-draughts', '--nodes', '1'],
  ['analyze-draughts', '--tt-mb', '1', '--depth', '3'],
  ['plays', '--dice', '6-6', '--position-id', 'AAAAAAAAAAAAAA'],
  ['plays', '--variant', 'acey-deucey', '--dice', '1-2', '--unentered', '15'],
  ['ai-hint', 'AAAAAAAAAAAAAA', '3-1'],
  ['ai-hint', START, '6-6', '--ply', '2', '--variant', 'table'],
  ['duel-draughts', '--a', 'master', '--b', 'master', '--games', '1', '--time-ms', '1', '--opening-plies', '0'],
  ['duel-draughts', '--a', 'master', '--b', 'beginner', '--games', '1', '--master-nodes', '1'],
  ['duel', '--a', 'heuristic', '--b', 'pubeval', '--games', '1', '--threads', '256', '--variant', 'acey-deucey'],
  // Files the tool appends to, given malformed contents first.
  [
    'tune-draughts',
    '--data',
    file('tune.txt', 'garbage\nW:Wz9 1\n'),
    '--games',
    '1',
    '--nodes',
    '1',
    '--iterations',
    '1',
  ],
  [
    'duel-draughts',
    '--a',
    'beginner',
    '--b',
    'beginner',
    '--games',
    '2',
    '--out',
    file('duel.jsonl', '{"pair":"x"}\nx\n'),
  ],
]) {
  cases.push({ name: 'edge', args, stdin: '' });
}

/** Runs one case; resolves to a failure message or null. */
function run(c) {
  return new Promise((resolve) => {
    const started = Date.now();
    const what = `tabla ${c.args.map((a) => JSON.stringify(a)).join(' ')}`;
    const child = spawn(BIN, c.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let done = false;
    const finish = (f) => {
      if (!done) resolve(f);
      done = true;
    };
    child.stdout.on('data', (d) => {
      if (out.length < 1 << 20) out += d;
    });
    child.stderr.on('data', (d) => {
      if (err.length < 1 << 20) err += d;
    });
    // Past the cap: a failure at once, whoever still holds the pipes.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(`${what}: ran past its cap of ${CAP_MS} ms`);
    }, CAP_MS);
    child.stdin.on('error', () => {});
    child.stdin.end(c.stdin);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      finish(judge(c, what, code, signal, out, err, Date.now() - started));
    });
  });
}

/** The verdict on a finished run: a failure message or null. */
function judge(c, what, code, signal, out, err, ms) {
  if (/panicked at/.test(err) || code === 101) return `${what}: panicked (${code}): ${err.slice(0, 400)}`;
  if (signal) return `${what}: killed by ${signal}`;
  if (c.refuse && code !== 2) return `${what}: exit code ${code}, not 2 (a refusal), after ${ms} ms`;
  if (c.refuse && !err.trim()) return `${what}: refused without a message`;
  if (c.serve) {
    const asked = c.stdin.split('\n').filter((l) => l.trim()).length;
    const answers = out.split('\n').filter((l) => l.length).length;
    if (answers !== asked) return `${what}: ${answers} answers to ${asked} lines`;
    if (c.serve === 2 && !(code === 2 && /^error: /.test(out) && !/^error/m.test(out.split('\n')[1]))) {
      return `${what}: a bad line then a good one: exit ${code}, answers ${JSON.stringify(out)}`;
    }
  }
  return null;
}

const started = Date.now();
const failures = [];
let next = 0;
await Promise.all(
  Array.from({ length: JOBS }, async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const f = await run(c);
      if (f) failures.push(f);
    }
  }),
);
rmSync(tmp, { recursive: true, force: true });
for (const f of failures) console.log(`FAIL ${f}`);
console.log(
  `cli-fuzz: ${cases.length - failures.length} passed, ${failures.length} failed ` +
    `(${commands.length} commands, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
process.exit(failures.length ? 1 : 0);
