import {
  AGE_RANGES,
  durninWomersleyDensity,
  estimateBodyFat,
  jacksonPollock3Density,
  jacksonPollock7Density,
  siriBodyFatPct,
} from './caliper-formulas';

describe('caliper formulas', () => {
  describe('Siri 1961', () => {
    it('turns density 1.0650 g/cc into 14.8 % fat (495 / 1.0650 - 450 = 14.79)', () => {
      expect(siriBodyFatPct(1.065)).toBeCloseTo(14.79, 2);
    });
  });

  describe('Jackson & Pollock 1978 (men), 3 sites: chest, abdomen, thigh', () => {
    // Br J Nutr 1978;40:497-504, equation with sum of 3 skinfolds (R = 0.905, SEE 0.0077).
    // Worked example also published at calculatorlib.com (Jackson-Pollock caliper calculator):
    // 30-year-old man, skinfolds 15 + 18 + 20 mm, S = 53, S^2 = 2809.
    // By hand: 1.10938 - 0.0008267*53 (0.0438151) + 0.0000016*2809 (0.0044944)
    //          - 0.0002574*30 (0.007722) = 1.0623373 g/cc;  495 / 1.0623373 - 450 = 15.95 %.
    it('matches the worked example: S = 53 mm, age 30 -> density 1.06234, 16.0 % fat', () => {
      expect(jacksonPollock3Density('male', 53, 30)).toBeCloseTo(1.0623373, 6);
      const r = estimateBodyFat({
        formula: 'jp3',
        sex: 'male',
        age: 30,
        sites: { chest: 15, abdomen: 18, thigh: 20 },
      });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.sum_mm).toBe(53);
      expect(r.density).toBeCloseTo(1.0623373, 6);
      expect(r.body_fat_pct).toBeCloseTo(15.95, 1);
    });

    it('ignores sites the formula does not use', () => {
      const r = estimateBodyFat({
        formula: 'jp3',
        sex: 'male',
        age: 30,
        sites: { chest: 15, abdomen: 18, thigh: 20, triceps: 40, biceps: 9 },
      });
      expect(r.ok && r.sum_mm).toBe(53);
    });
  });

  describe('Jackson, Pollock & Ward 1980 (women), 3 sites: triceps, suprailiac, thigh', () => {
    // Med Sci Sports Exerc 1980;12:175-182. By hand: S = 20 + 18 + 22 = 60, age 25:
    // 1.0994921 - 0.0009929*60 (0.059574) + 0.0000023*3600 (0.00828) - 0.0001392*25 (0.00348)
    // = 1.0447181 g/cc;  495 / 1.0447181 - 450 = 23.81 %.
    it('computes S = 60 mm, age 25 -> density 1.04472, 23.8 % fat', () => {
      const r = estimateBodyFat({
        formula: 'jp3',
        sex: 'female',
        age: 25,
        sites: { triceps: 20, suprailiac: 18, thigh: 22 },
      });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.density).toBeCloseTo(1.0447181, 6);
      expect(r.body_fat_pct).toBeCloseTo(23.81, 1);
    });
  });

  describe('Jackson & Pollock 7 sites (men 1978, women 1980)', () => {
    // Men: S = 100, age 40: 1.112 - 0.00043499*100 (0.043499) + 0.00000055*10000 (0.0055)
    //      - 0.00028826*40 (0.0115304) = 1.0624706 g/cc;  495 / 1.0624706 - 450 = 15.89 %.
    it('computes men S = 100 mm, age 40 -> density 1.06247, 15.9 % fat', () => {
      const r = estimateBodyFat({
        formula: 'jp7',
        sex: 'male',
        age: 40,
        sites: {
          chest: 10,
          midaxillary: 12,
          triceps: 14,
          subscapular: 16,
          abdomen: 20,
          suprailiac: 13,
          thigh: 15,
        },
      });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.sum_mm).toBe(100);
      expect(r.density).toBeCloseTo(1.0624706, 6);
      expect(r.body_fat_pct).toBeCloseTo(15.89, 1);
    });

    // Women: S = 120, age 35: 1.097 - 0.00046971*120 (0.0563652) + 0.00000056*14400 (0.008064)
    //        - 0.00012828*35 (0.0044898) = 1.044209 g/cc;  495 / 1.044209 - 450 = 24.04 %.
    it('computes women S = 120 mm, age 35 -> density 1.04421, 24.0 % fat', () => {
      expect(jacksonPollock7Density('female', 120, 35)).toBeCloseTo(1.044209, 6);
      expect(siriBodyFatPct(jacksonPollock7Density('female', 120, 35))).toBeCloseTo(24.04, 1);
    });
  });

  describe('Durnin & Womersley 1974, 4 sites: biceps, triceps, subscapular, suprailiac', () => {
    // Br J Nutr 1974;32:77-97. Coefficients from Table 5 (pp. 86-87); the paper also tabulates
    // "% fat for the sum of four skinfolds" by age band. Men, sum 40 mm, in that table:
    // 30-39 -> 19.2 %, 40-49 -> 21.4 %, 50+ -> 22.9 %; sum 50 mm, 30-39 -> 21.5 %.
    // By hand for 30-39, sum 40: log10(40) = 1.60206; 1.1422 - 0.0544*1.60206 = 1.0550479;
    // 495 / 1.0550479 - 450 = 19.17 %.
    it.each([
      [35, 40, 19.2],
      [45, 40, 21.4],
      [55, 40, 22.9],
      [35, 50, 21.5],
    ])('matches the published table: man aged %i, sum %i mm -> %f %% fat', (age, sum, pct) => {
      const r = estimateBodyFat({
        formula: 'dw4',
        sex: 'male',
        age,
        sites: { biceps: sum / 4, triceps: sum / 4, subscapular: sum / 4, suprailiac: sum / 4 },
      });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(Math.abs(r.body_fat_pct - pct)).toBeLessThanOrEqual(0.15);
    });

    it('picks the age band: 20-29 men use c = 1.1631, m = 0.0632 (sum 40 -> 1.06185)', () => {
      expect(durninWomersleyDensity('male', 40, 25)).toBeCloseTo(1.1631 - 0.0632 * 1.60206, 6);
      expect(durninWomersleyDensity('male', 40, 19)).toBeCloseTo(1.162 - 0.063 * 1.60206, 6);
    });

    // Women 50+: sum 60, log10(60) = 1.7781513; 1.1339 - 0.0645*1.7781513 = 1.0192092;
    // 495 / 1.0192092 - 450 = 35.67 %.
    it('computes women 50+, sum 60 mm -> density 1.01921, 35.7 % fat', () => {
      const r = estimateBodyFat({
        formula: 'dw4',
        sex: 'female',
        age: 60,
        sites: { biceps: 10, triceps: 20, subscapular: 15, suprailiac: 15 },
      });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.density).toBeCloseTo(1.0192092, 6);
      expect(r.body_fat_pct).toBeCloseTo(35.67, 1);
    });
  });

  describe('refusals', () => {
    it('names every missing site instead of computing a number', () => {
      const r = estimateBodyFat({
        formula: 'jp7',
        sex: 'female',
        age: 30,
        sites: { chest: 10, triceps: 12, thigh: 20 },
      });
      expect(r).toEqual({
        ok: false,
        reason: 'sites_missing',
        missing: ['midaxillary', 'subscapular', 'abdomen', 'suprailiac'],
      });
    });

    it('uses the sex-specific JP3 sites: a woman needs triceps and suprailiac, not chest', () => {
      const r = estimateBodyFat({
        formula: 'jp3',
        sex: 'female',
        age: 30,
        sites: { chest: 10, abdomen: 12, thigh: 20 },
      });
      expect(r).toEqual({ ok: false, reason: 'sites_missing', missing: ['triceps', 'suprailiac'] });
    });

    it.each([
      ['jp3', 'male', 17],
      ['jp3', 'male', 62],
      ['jp7', 'female', 56],
      ['dw4', 'male', 16],
      ['dw4', 'male', 73],
      ['dw4', 'female', 15],
      ['dw4', 'female', 69],
    ] as const)(
      'refuses %s for a %s aged %i (outside the derivation sample)',
      (formula, sex, age) => {
        const sites = {
          chest: 10,
          abdomen: 10,
          thigh: 10,
          triceps: 10,
          suprailiac: 10,
          subscapular: 10,
          midaxillary: 10,
          biceps: 10,
        };
        const r = estimateBodyFat({ formula, sex, age, sites });
        expect(r).toEqual({ ok: false, reason: 'age_out_of_range', ...AGE_RANGES[formula][sex] });
      },
    );

    it('accepts the edges of each age range', () => {
      const sites = { biceps: 10, triceps: 10, subscapular: 10, suprailiac: 10 };
      expect(estimateBodyFat({ formula: 'dw4', sex: 'female', age: 16, sites }).ok).toBe(true);
      expect(estimateBodyFat({ formula: 'dw4', sex: 'male', age: 72, sites }).ok).toBe(true);
      const jp = { chest: 10, abdomen: 10, thigh: 10 };
      expect(estimateBodyFat({ formula: 'jp3', sex: 'male', age: 18, sites: jp }).ok).toBe(true);
      expect(estimateBodyFat({ formula: 'jp3', sex: 'male', age: 61, sites: jp }).ok).toBe(true);
    });
  });
});
