import { describe, expect, it } from 'vitest';
import { OPT_IN_TECHNIQUES, TECHNIQUES } from '../core/model/index.ts';
import { falseBound, falseProof } from './claims.ts';
import {
  type ClassRow,
  chooseClasses,
  classRows,
  classTable,
  compareClasses,
  comparisonRows,
  comparisonTable,
  type HardOutcome,
  hardClass,
  hardSettings,
  hardTasks,
  medianRuns,
  sampleClasses,
  turns,
  variantsOf,
  workTable,
} from './hard.ts';

describe('hardClass', () => {
  it.each([
    ['ai', 'ai/1002_80000_DI_36.txt', 'AI 1002'],
    ['ani', 'ani/201_2500_NR_0.txt', 'ANI 201'],
    ['ani', '600_20000_NR_12.txt', 'ANI 600'],
    ['gi', 'gi/csAB500_10.txt', 'GI ?'],
  ])('%s %s is %s', (set, file, cls) => {
    expect(hardClass(set, file)).toBe(cls);
  });

  it('orders AI before ANI and sizes numerically', () => {
    const shuffled = ['ANI 1002', 'AI 600', 'ANI 201', 'AI 1002', 'AI 201'];
    expect([...shuffled].sort(compareClasses)).toEqual([
      'AI 201',
      'AI 600',
      'AI 1002',
      'ANI 201',
      'ANI 1002',
    ]);
  });
});

const files = (set: string, size: number, n: number): { set: string; name: string }[] =>
  Array.from({ length: n }, (_, k) => ({ set, name: `${set}/${size}_100_X_${k}.txt` }));

describe('chooseClasses', () => {
  const sampled = new Map([
    ['AI 201', [1]],
    ['AI 402', [2]],
    ['ANI 201', [3]],
    ['ANI 402', [4]],
  ]);
  it.each([
    ['', ['AI 201', 'AI 402', 'ANI 201', 'ANI 402']],
    ['ani 201', ['ANI 201']],
    ['ANI 402, AI 201', ['AI 201', 'ANI 402']],
    ['ani', ['ANI 201', 'ANI 402']],
    ['AI', ['AI 201', 'AI 402']],
  ])('%j keeps %j', (classes, kept) => {
    expect([...chooseClasses(sampled, classes).keys()]).toEqual(kept);
  });
  it('refuses a name that matches no class, naming the known ones', () => {
    expect(() => chooseClasses(sampled, 'ANI 600')).toThrow(/unknown class 'ANI 600'.*AI 201, AI 402/);
    expect(() => chooseClasses(sampled, 'AN')).toThrow(/unknown class 'AN'/);
  });
});

describe('sampleClasses', () => {
  const list = [...files('ani', 402, 48), ...files('ai', 201, 50), ...files('ai', 1002, 3)].reverse();

  it('takes n a class, spread evenly over the file indices, whatever the input order', () => {
    const picked = sampleClasses(list, 4);
    expect([...picked.keys()]).toEqual(['AI 201', 'AI 1002', 'ANI 402']);
    expect(picked.get('AI 201')?.map((t) => t.name)).toEqual([
      'ai/201_100_X_0.txt',
      'ai/201_100_X_12.txt',
      'ai/201_100_X_25.txt',
      'ai/201_100_X_37.txt',
    ]);
    expect(picked.get('ANI 402')?.map((t) => t.name.replace(/.*_/, ''))).toEqual([
      '0.txt',
      '12.txt',
      '24.txt',
      '36.txt',
    ]);
    // A class smaller than the sample is taken whole.
    expect(picked.get('AI 1002')).toHaveLength(3);
    expect(sampleClasses([...list].reverse(), 4)).toEqual(picked);
  });

  it('takes every instance without a sample size, in natural order (2 before 10)', () => {
    const all = sampleClasses(list, null);
    expect(all.get('ANI 402')).toHaveLength(48);
    expect(
      all
        .get('AI 201')
        ?.slice(0, 3)
        .map((t) => t.name),
    ).toEqual(['ai/201_100_X_0.txt', 'ai/201_100_X_1.txt', 'ai/201_100_X_2.txt']);
  });

  it('never picks an instance twice', () => {
    for (const n of [1, 7, 10, 33, 49]) {
      for (const [, picked] of sampleClasses(list, n)) expect(new Set(picked).size).toBe(picked.length);
    }
  });
});

describe('variantsOf', () => {
  it('measures everything on, then each technique off on its own', () => {
    expect(variantsOf('', TECHNIQUES)).toEqual([{ label: 'all on', off: [] }]);
    expect(variantsOf('full-bars, perfect-packing,full-bars', TECHNIQUES)).toEqual([
      { label: 'all on', off: [] },
      { label: 'full-bars off', off: ['full-bars'] },
      { label: 'perfect-packing off', off: ['perfect-packing'] },
    ]);
  });

  it('refuses a name it does not know, listing the known ones', () => {
    expect(() => variantsOf('dual-magic', TECHNIQUES)).toThrow(/dual-magic.*perfect-packing/);
  });

  it.each([
    ['', '', ['all on']],
    ['', 'pool-large', ['all on', 'pool-large on']],
    [' ', ' pool-large , plunge,pool-large', ['all on', 'pool-large on', 'plunge on']],
    ['full-bars', 'pool-large', ['all on', 'full-bars off', 'pool-large on']],
  ])('--ablate %j --on %j gives %j', (ablate, on, labels) => {
    expect(variantsOf(ablate, TECHNIQUES, on).map((v) => v.label)).toEqual(labels);
  });

  it('switches each opt-in technique on on its own, nothing off', () => {
    expect(variantsOf('full-bars', TECHNIQUES, 'strong-streak,slack-fill')).toEqual([
      { label: 'all on', off: [] },
      { label: 'full-bars off', off: ['full-bars'] },
      { label: 'strong-streak on', off: [], on: ['strong-streak'] },
      { label: 'slack-fill on', off: [], on: ['slack-fill'] },
    ]);
    for (const t of OPT_IN_TECHNIQUES)
      expect(variantsOf('', TECHNIQUES, t)[1]).toEqual({ label: `${t} on`, off: [], on: [t] });
  });

  it.each([
    ['pool-huge', /unknown opt-in technique pool-huge for --on \(known: pool-small, plunge, .*pool-large\)/],
    // An ablation is not an opt-in: it is on already.
    ['full-bars', /unknown opt-in technique full-bars for --on/],
    ['pool-large,dual-magic', /unknown opt-in technique dual-magic for --on/],
  ])('refuses --on %j, listing the opt-in techniques', (on, message) => {
    expect(() => variantsOf('', TECHNIQUES, on)).toThrow(message);
  });

  it('refuses an opt-in technique given to --ablate', () => {
    expect(() => variantsOf('pool-large', TECHNIQUES)).toThrow(/unknown technique pool-large for --ablate/);
  });
});

describe('hardTasks', () => {
  const instance = (name: string) => ({
    set: 'ani',
    name,
    inst: { body: { n: name }, objective: 'bins' as const, opt: 7, proven: true },
  });
  const variants = variantsOf('full-bars', TECHNIQUES, 'pool-large');

  it('gives each instance every variant, each with its own switches and label', () => {
    const tasks = hardTasks([instance('a'), instance('b')], variants, null, 1, 2_000);
    expect(tasks.map((t) => [t.name, t.variant, t.off, t.on])).toEqual([
      ['a', 'all on', [], undefined],
      ['a', 'full-bars off', ['full-bars'], undefined],
      ['a', 'pool-large on', [], ['pool-large']],
      ['b', 'all on', [], undefined],
      ['b', 'full-bars off', ['full-bars'], undefined],
      ['b', 'pool-large on', [], ['pool-large']],
    ]);
    expect(tasks.every((t) => t.limitMs === 2_000 && t.opt === 7 && t.proven)).toBe(true);
  });

  it('switches nothing on in the baseline, which takes its turn, round after round', () => {
    const base = { label: 'baseline', off: [], checkout: '/tmp/base' };
    const tasks = hardTasks([instance('a'), instance('b')], variants, base, 2, 1_000);
    expect(tasks.map((t) => `${t.name} ${t.variant}`)).toEqual(
      Array.from({ length: 2 }, () => [
        'a all on',
        'a full-bars off',
        'a pool-large on',
        'a baseline',
        'b baseline',
        'b all on',
        'b full-bars off',
        'b pool-large on',
      ]).flat(),
    );
    const baseTasks = tasks.filter((t) => t.variant === 'baseline');
    expect(baseTasks.every((t) => t.checkout === '/tmp/base' && t.on === undefined)).toBe(true);
    expect(tasks.filter((t) => t.variant !== 'baseline').every((t) => t.checkout === undefined)).toBe(true);
  });
});

describe('claims against a known optimum', () => {
  it.each([
    { value: 66, bound: 66, optimal: true, opt: 66, proof: false, bound_: false },
    { value: 67, bound: 67, optimal: true, opt: 66, proof: true, bound_: true },
    { value: 66, bound: 67, optimal: false, opt: 66, proof: false, bound_: true },
    { value: 67, bound: 65, optimal: true, opt: 66, proof: true, bound_: false },
    { value: 67, bound: 67, optimal: true, opt: null, proof: false, bound_: false },
    { value: null, bound: null, optimal: false, opt: 66, proof: false, bound_: false },
  ])('$value/$bound optimal=$optimal against $opt', ({ opt, proof, bound_, ...claim }) => {
    expect(falseProof(claim, opt)).toBe(proof);
    expect(falseBound(claim, opt)).toBe(bound_);
  });
});

describe('classRows and classTable', () => {
  const o = (
    name: string,
    ms: number,
    value: number,
    bound: number,
    optimal: boolean,
    variant?: string,
  ): HardOutcome => ({
    set: name.startsWith('ani') ? 'ani' : 'ai',
    name,
    ms,
    value,
    bound,
    optimal,
    opt: 66,
    error: null,
    ...(variant ? { variant } : {}),
  });
  const outcomes = [
    o('ani/201_2500_NR_1.txt', 20_000, 66, 65, false),
    o('ani/201_2500_NR_0.txt', 1_000, 66, 66, true),
    o('ani/201_2500_NR_2.txt', 3_000, 66, 66, true),
    o('ai/201_2500_DI_0.txt', 100, 66, 66, true),
    o('ai/201_2500_DI_0.txt', 20_000, 67, 67, true, 'full-bars off'),
  ];
  const opt = new Map(outcomes.map((x) => [`${x.set}/${x.name}`, 66]));

  it('counts per variant and class, with the median and maximum over every instance', () => {
    const rows = classRows(outcomes, ['all on', 'full-bars off'], opt);
    expect(
      rows.map((r) => [
        r.variant,
        r.cls,
        r.instances,
        r.proven,
        r.reached,
        r.falseClaims,
        r.medianMs,
        r.maxMs,
      ]),
    ).toEqual([
      ['all on', 'AI 201', 1, 1, 1, 0, 100, 100],
      ['all on', 'ANI 201', 3, 2, 3, 0, 3_000, 20_000],
      ['full-bars off', 'AI 201', 1, 1, 0, 1, 20_000, 20_000],
    ]);
    const table = classTable(rows);
    expect(table).toHaveLength(2 + rows.length);
    // No outcome reports work counts (a baseline older than them): the work columns read `—`.
    expect(table[3]).toBe(
      '| all on | ANI 201 | 3 | 2 | 3 | 0 | 0 | 3.00 | 20.0 | — | — | 2 / — | — | — | — |',
    );
  });
});

describe('work counts, the baseline comparison and the per-solve table', () => {
  const o = (
    name: string,
    variant: string,
    ms: number,
    optimal: boolean,
    work?: { rounds: number; branchNodes: number; packerOps: number; packerRootOps: number },
  ): HardOutcome => ({
    set: name.startsWith('ani') ? 'ani' : 'ai',
    name,
    variant,
    ms,
    value: 66,
    bound: optimal ? 66 : 65,
    optimal,
    opt: 66,
    error: null,
    ...(work ? { work } : {}),
  });
  const w = (rounds: number, branchNodes: number, packerOps: number) => ({
    rounds,
    branchNodes,
    packerOps,
    packerRootOps: packerOps / 2,
  });
  const outcomes = [
    o('ani/201_2500_NR_0.txt', 'all on', 2_000, true, w(400, 3, 80e6)),
    o('ani/201_2500_NR_0.txt', 'baseline', 8_000, true),
    o('ani/201_2500_NR_9.txt', 'all on', 30_000, false, w(2_000, 90, 120e6)),
    o('ani/201_2500_NR_9.txt', 'baseline', 30_000, false),
    o('ani/201_2500_NR_17.txt', 'all on', 4_000, true, w(500, 5, 100e6)),
    o('ani/201_2500_NR_17.txt', 'baseline', 1_000, false),
    o('ai/201_2500_DI_0.txt', 'all on', 100, true, w(0, 0, 0.5e6)),
    o('ai/201_2500_DI_0.txt', 'baseline', 100, true),
  ];
  const opt = new Map(outcomes.map((x) => [`${x.set}/${x.name}`, 66]));

  it('gives the medians of the work counts per class, where they are reported', () => {
    const rows = classRows(outcomes, ['all on', 'baseline'], opt);
    const ani = rows.find((r) => r.variant === 'all on' && r.cls === 'ANI 201');
    expect([ani?.medianRounds, ani?.medianNodes, ani?.medianPackerOps]).toEqual([500, 5, 100e6]);
    const base = rows.find((r) => r.variant === 'baseline' && r.cls === 'ANI 201');
    expect([base?.medianRounds, base?.medianNodes, base?.medianPackerOps]).toEqual([null, null, null]);
    expect(classTable(rows)[3]).toBe(
      '| all on | ANI 201 | 3 | 2 | 3 | 0 | 0 | 4.00 | 30.0 | — | — | 2 / — | 500 | 5 | 100 |',
    );
  });

  it('compares each variant with the baseline on the instances both solved', () => {
    const rows = comparisonRows(outcomes, ['all on', 'baseline'], 'baseline');
    expect(rows.map((r) => r.cls)).toEqual(['AI 201', 'ANI 201']);
    const ani = rows[1];
    expect(ani).toMatchObject({
      variant: 'all on',
      pairs: 3,
      proven: 2,
      baselineProven: 1,
      medianMs: 4_000,
      baselineMedianMs: 8_000,
      faster: 1,
      onlyThis: 1,
      onlyBaseline: 0,
    });
    // (2/8 · 30/30 · 4/1)^(1/3) = 1
    expect(ani?.timeRatio).toBeCloseTo(1, 10);
    expect(rows[0]?.timeRatio).toBeCloseTo(1, 10);
    const table = comparisonTable(rows, 'baseline');
    expect(table).toHaveLength(4);
    expect(table[3]).toBe('| all on | ANI 201 | 3 | 2 | 1 | 4.00 | 8.00 | 1.00 | 1 | 1 | 0 |');
  });

  it('has no comparison rows without baseline outcomes', () => {
    const mine = outcomes.filter((x) => x.variant !== 'baseline');
    expect(comparisonRows(mine, ['all on'], 'baseline')).toEqual([]);
  });

  it('lists every solve by class, instance index and variant, with its work counts', () => {
    const table = workTable([...outcomes].reverse(), ['all on', 'baseline']);
    expect(table).toHaveLength(2 + outcomes.length);
    expect(table.slice(2, 5).map((l) => l.split(' | ').slice(0, 2).join(' '))).toEqual([
      '| ai/201_2500_DI_0.txt all on',
      '| ai/201_2500_DI_0.txt baseline',
      '| ani/201_2500_NR_0.txt all on',
    ]);
    expect(table[4]).toBe(
      '| ani/201_2500_NR_0.txt | all on | 66 / 66 / 66 | yes | 2.00 | — | 400 | 3 | 80 | 40 |',
    );
    expect(table[5]).toBe(
      '| ani/201_2500_NR_0.txt | baseline | 66 / 66 / 66 | yes | 8.00 | — | — | — | — | — |',
    );
  });
});

describe('CPU times, proofs within a time and repeated runs', () => {
  const o = (
    name: string,
    ms: number,
    cpuMs: number | null,
    optimal: boolean,
    variant = 'all on',
  ): HardOutcome => ({
    set: 'ani',
    name,
    variant,
    ms,
    ...(cpuMs === null ? {} : { cpuMs }),
    value: 66,
    bound: optimal ? 66 : 65,
    optimal,
    opt: 66,
    error: null,
  });
  const opt = new Map<string, number>();

  it('counts proofs within the time by wall and by CPU clock, unproven ones never', () => {
    const outcomes = [
      o('ani/201_2500_NR_0.txt', 4_000, 3_900, true),
      // Wall time over 5 s on a busy machine, CPU time under: counted by the CPU clock only.
      o('ani/201_2500_NR_1.txt', 7_000, 4_800, true),
      o('ani/201_2500_NR_2.txt', 9_000, 8_500, true),
      o('ani/201_2500_NR_3.txt', 1_000, 900, false),
    ];
    const [row] = classRows(outcomes, ['all on'], opt);
    expect(row).toMatchObject({ provenWithin: 1, provenWithinCpu: 2, medianCpuMs: 4_800, maxCpuMs: 8_500 });
    expect(classTable([row as ClassRow])[2]).toBe(
      '| all on | ANI 201 | 4 | 3 | 4 | 0 | 0 | 7.00 | 9.00 | 4.80 | 8.50 | 1 / 2 | — | — | — |',
    );
    const [wide] = classRows(outcomes, ['all on'], opt, 10_000);
    expect([wide?.provenWithin, wide?.provenWithinCpu]).toEqual([3, 3]);
    expect(classTable([wide as ClassRow], 10_000)[0]).toContain('proven within 10 s (wall / CPU)');
  });

  it('keeps the run of median CPU time per variant and instance, with the runs range', () => {
    const runs = [
      o('ani/201_2500_NR_0.txt', 5_000, 4_100, true),
      o('ani/201_2500_NR_0.txt', 3_000, 3_800, true, 'baseline'),
      o('ani/201_2500_NR_0.txt', 4_000, 4_600, true),
      o('ani/201_2500_NR_0.txt', 9_000, 3_900, true),
      o('ani/201_2500_NR_1.txt', 2_000, 2_000, false),
    ];
    const kept = medianRuns(runs);
    expect(kept.map((k) => [k.variant, k.name, k.ms, k.cpuMs, k.spread])).toEqual([
      ['all on', 'ani/201_2500_NR_0.txt', 5_000, 4_100, [3_900, 4_600]],
      ['baseline', 'ani/201_2500_NR_0.txt', 3_000, 3_800, undefined],
      ['all on', 'ani/201_2500_NR_1.txt', 2_000, 2_000, undefined],
    ]);
    expect(workTable(kept, ['all on', 'baseline'])[2]).toBe(
      '| ani/201_2500_NR_0.txt | all on | 66 / 66 / 66 | yes | 5.00 | 4.10 (3.90–4.60) | — | — | — | — |',
    );
  });

  it('ranks runs by wall time where no CPU time is reported', () => {
    const kept = medianRuns([
      o('ani/201_2500_NR_0.txt', 6_000, null, true),
      o('ani/201_2500_NR_0.txt', 2_000, null, true),
    ]);
    // Two runs: the upper middle one, by wall time.
    expect(kept.map((k) => [k.ms, k.spread])).toEqual([[6_000, [2_000, 6_000]]]);
  });
});

describe('turns', () => {
  it('puts the baseline last on even instances and first on odd ones', () => {
    expect(turns(['all on', 'x off'], 'baseline', 0)).toEqual(['all on', 'x off', 'baseline']);
    expect(turns(['all on', 'x off'], 'baseline', 1)).toEqual(['baseline', 'all on', 'x off']);
    expect(turns(['all on'], null, 1)).toEqual(['all on']);
  });
});

describe('hardSettings', () => {
  it.each([
    [
      {},
      {
        perClass: 10,
        limitMs: 60_000,
        workers: 2,
        classes: '',
        ablate: '',
        on: '',
        baseline: null,
        repeat: 1,
        withinMs: 5_000,
      },
    ],
    [
      { repeat: '3', within: '2.5' },
      { repeat: 3, withinMs: 2_500 },
    ],
    [
      { sample: 'all', limit: '2.5', workers: '1', classes: 'ai', ablate: 'packer-phase', baseline: 'main' },
      { perClass: null, limitMs: 2_500, workers: 1, classes: 'ai', ablate: 'packer-phase', baseline: 'main' },
    ],
    [
      { ablate: 'full-bars', on: 'pool-large,plunge' },
      { ablate: 'full-bars', on: 'pool-large,plunge' },
    ],
    [
      { sample: '6', baseline: ' 055637b ' },
      { perClass: 6, baseline: '055637b' },
    ],
  ])('%j gives %j', (args, expected) => {
    expect(hardSettings(args, 2)).toMatchObject(expected);
  });

  it.each([
    [{ sample: '0' }, /--sample takes a positive whole number, not '0'/],
    [{ sample: 'some' }, /--sample/],
    [{ sample: '2.5' }, /--sample/],
    [{ limit: '0' }, /--limit takes a positive number of seconds/],
    [{ limit: 'soon' }, /--limit/],
    [{ workers: '-1' }, /--workers/],
    [{ baseline: '' }, /--baseline takes a git ref/],
    [{ repeat: '0' }, /--repeat takes a positive whole number/],
    [{ within: '-5' }, /--within takes a positive number of seconds/],
  ])('refuses %j', (args, message) => {
    expect(() => hardSettings(args, 2)).toThrow(message);
  });
});
