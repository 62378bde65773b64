import { compileDomain, type DomainData, type DomainKnowledge } from '../synonyms';

/** Domain knowledge with nothing in it but what a test gives: the words alone decide. */
export function testDomain(data: Partial<DomainData> = {}): DomainKnowledge {
  return compileDomain({
    abbreviations: [],
    synonyms: [],
    topics: {},
    outsideNrs: { strong: [], weak: [] },
    numericCues: [],
    ...data,
  });
}
