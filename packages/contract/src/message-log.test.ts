import { describe, expect, it } from 'vitest';
import { solutionFor } from './message-log.js';

describe('message log solutions', () => {
  it('tells what to do by what became of a message', () => {
    expect(solutionFor('sent', null)).toBeNull();
    expect(solutionFor('queued', null)).toBeNull();
    expect(solutionFor('kept', null)).toBe('configureMail');
    expect(solutionFor('failed', '550')).toBe('checkAddress');
    expect(solutionFor('failed', 'EENVELOPE')).toBe('checkAddress');
    expect(solutionFor('failed', '451')).toBe('retryLater');
    expect(solutionFor('failed', 'ECONNECTION')).toBe('checkServer');
    expect(solutionFor('failed', null)).toBe('checkServer');
  });
});
