import { describe, expect, it } from 'vitest';
import { parseQuery } from './query';
import { createNrRouter } from './router';
import { testDomain } from './test/domain';
import { FIXTURE_SECTIONS } from './test/fixture-sections';
import { analyzeTerms } from './text/analyzer';

const NO_DATA = testDomain();
const contents = FIXTURE_SECTIONS.map((s) => analyzeTerms(s.content));
const best = (routed: Map<string, number>) =>
  [...routed.entries()].sort((a, b) => b[1] - a[1])[0]![0];

describe('NR router', () => {
  it('routes by the corpus alone: the NR whose title and items use the question words', () => {
    const router = createNrRouter(FIXTURE_SECTIONS, NO_DATA, contents);
    const routed = router.route(parseQuery('vigia de espaço confinado', NO_DATA)).codes;
    expect(best(routed)).toBe('NR-33');
    expect(routed.get('NR-33')).toBe(1);
    expect(routed.get('NR-05')).toBe(0);
  });

  it('lets the topic vocabulary kept as data point to an NR the words alone would not find', () => {
    const domain = testDomain({ topics: { 'NR-23': ['brigada'] } });
    const query = parseQuery('quem participa da brigada?', domain);
    expect(query.topicCodes).toEqual(new Map([['NR-23', 1]]));
    expect(
      createNrRouter(FIXTURE_SECTIONS, NO_DATA, contents)
        .route(parseQuery('quem participa da brigada?', NO_DATA))
        .codes.get('NR-23'),
    ).toBe(0);
    expect(createNrRouter(FIXTURE_SECTIONS, domain, contents).route(query).codes.get('NR-23')).toBe(
      1,
    );
  });
});
