import data from './data/outside-domains.pt-BR.json' with { type: 'json' };

/** A subject the NRs do not regulate, described by the vocabulary it uses (data/outside-domains.pt-BR.json). */
export interface OutsideDomain {
  id: string;
  title: string;
  vocabulary: string;
}

export const OUTSIDE_DOMAINS: readonly OutsideDomain[] = data.domains;
