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

  it('asks for a new link when a mail whose secret only the recipient was to get did not go out', () => {
    expect(solutionFor('kept', null, true)).toBe('issueNewLink');
    expect(solutionFor('failed', '451', true)).toBe('issueNewLink');
    expect(solutionFor('failed', 'ECONNECTION', true)).toBe('issueNewLink');
    // A refused address needs fixing first; a sent mail needs nothing.
    expect(solutionFor('failed', '550', true)).toBe('checkAddress');
    expect(solutionFor('sent', null, true)).toBeNull();
    expect(solutionFor('queued', null, true)).toBeNull();
  });
});
