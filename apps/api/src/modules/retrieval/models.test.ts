import { describe, expect, it } from 'vitest';
import known from './data/known-questions.json' with { type: 'json' };
import { exampleEntries } from '../suggestions/suggestion-pool';
import {
  DEFAULT_ASKED_QUESTIONS,
  DEFAULT_EXAMPLE_QUESTIONS,
  DEFAULT_KNOWN_QUESTIONS,
} from './models';

describe('the shipped known questions and conversations', () => {
  const conversations = Object.entries(known.conversations);

  it('ship training conversations apart from the questions', () => {
    expect(conversations.length).toBeGreaterThan(0);
    expect(DEFAULT_EXAMPLE_QUESTIONS.size).toBe(Object.keys(known.items).length);
  });

  it('expand the index with both the questions and the conversations', () => {
    for (const [key, texts] of conversations)
      for (const text of texts) expect(DEFAULT_KNOWN_QUESTIONS.get(key)).toContain(text);
    for (const [key, texts] of DEFAULT_EXAMPLE_QUESTIONS)
      for (const text of texts) expect(DEFAULT_KNOWN_QUESTIONS.get(key)).toContain(text);
  });

  it('expand the index with the coverage conversations, which never say what words mean', () => {
    const coverage = Object.entries(known.coverage);
    expect(coverage.length).toBeGreaterThan(0);
    for (const [key, texts] of coverage)
      for (const text of texts) {
        expect(DEFAULT_KNOWN_QUESTIONS.get(key)).toContain(text);
        expect(DEFAULT_ASKED_QUESTIONS.get(key) ?? []).not.toContain(text);
      }
  });

  it('never offer a conversation as a suggestion', () => {
    const offered = new Set(
      exampleEntries(DEFAULT_EXAMPLE_QUESTIONS).map((e) => e.text.toLowerCase()),
    );
    const leaked = conversations
      .flatMap(([, texts]) => texts)
      .filter((text) => offered.has(text.trim().replace(/\s+/g, ' ').toLowerCase()));
    expect(leaked).toEqual([]);
    // The same conversations, given as questions, would be offered: the check can fail.
    const asQuestions = new Map(conversations);
    expect(exampleEntries(asQuestions).length).toBeGreaterThan(0);
  });
});
