import { UserSchema } from '@normas/contracts/auth';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { checkUserShape, readStoredUserNow } from './stored-session';

const user = makeUser();
const { plan: _plan, ...withoutPlan } = user;
const { photoURL: _photo, ...withoutPhoto } = user;

const samples: [string, unknown][] = [
  ['a Free user', user],
  ['a Pro user with a photo', makeUser({ plan: 'pro', photoURL: 'https://exemplo.com.br/a.png' })],
  ['a Business user', makeUser({ plan: 'business' })],
  ['a user with keys the contract does not name', { ...user, token: 'x', extra: 1 }],
  ['an unknown plan', { ...user, plan: 'enterprise' }],
  ['no plan', withoutPlan],
  ['no photoURL', withoutPhoto],
  ['a numeric id', { ...user, id: 1 }],
  ['a missing email', { ...user, email: undefined }],
  ['a photoURL that is a number', { ...user, photoURL: 3 }],
  ['null', null],
  ['an array', [user]],
  ['a string', 'user'],
];

describe('checkUserShape (the stored user before the contract has loaded)', () => {
  it.each(samples)('agrees with the contract on %s', (_label, value) => {
    const parsed = UserSchema.safeParse(value);
    expect(checkUserShape(value)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('readStoredUserNow', () => {
  it('reads the stored user, and nothing from a missing or broken copy', () => {
    localStorage.setItem('userData', JSON.stringify({ ...user, extra: true }));
    expect(readStoredUserNow()).toEqual(user);
    localStorage.setItem('userData', '{not json');
    expect(readStoredUserNow()).toBeNull();
    localStorage.removeItem('userData');
    expect(readStoredUserNow()).toBeNull();
  });
});
