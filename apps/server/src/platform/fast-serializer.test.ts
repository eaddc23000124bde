import { describe, expect, it } from 'vitest';
import { envelopeOf, ErrorEnvelope, LiveRoomList } from '@atrium/contract';
import { fastSerializerCompiler, useCheckedAnswers } from './fast-serializer.js';

const compile = (schema: unknown) => fastSerializerCompiler({ schema, method: 'GET', url: '/api/live/rooms', httpStatus: '200' });

describe('fast serializer', () => {
  const answer = {
    returncode: 200,
    message: 'Success',
    result: { now: 1, list: [], locations: [{ id: 1, parentId: null, level: 1, name: 'Testland' }] },
  };

  it('writes an answer as JSON.stringify does, for the success and the error schemas', () => {
    expect(compile(envelopeOf(LiveRoomList))(answer)).toBe(JSON.stringify(answer));
    expect(compile(ErrorEnvelope)({ returncode: 1005, message: 'No', result: null })).toBe('{"returncode":1005,"message":"No","result":null}');
  });

  it('hands a large answer on as its UTF-8 bytes, Chinese names included, and a small one as text', () => {
    const places = Array.from({ length: 600 }, (_, index) => ({ id: index + 1, parentId: null, level: 1, name: `静安 Tower ${index}` }));
    const large = { ...answer, result: { ...answer.result, locations: places } };
    const bytes = compile(envelopeOf(LiveRoomList))(large) as unknown;
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect((bytes as Buffer).toString('utf8')).toBe(JSON.stringify(large));
    expect(typeof compile(envelopeOf(LiveRoomList))(answer)).toBe('string');
  });

  it('checks every answer against its schema under test', () => {
    useCheckedAnswers();
    const serialize = compile(envelopeOf(LiveRoomList));
    expect(() => serialize({ ...answer, result: { ...answer.result, now: 'soon' } })).toThrow();
  });

  it('refuses under test an answer with a field its contract does not name, which it would otherwise send', () => {
    useCheckedAnswers();
    const serialize = compile(envelopeOf(LiveRoomList));
    const leaky = { ...answer, result: { ...answer.result, locations: [{ ...answer.result.locations[0], secret: 'x' }] } };
    expect(() => serialize(leaky)).toThrow('The answer carries fields its contract does not name: answer.result.locations[0].secret');
    expect(serialize(answer)).toBe(JSON.stringify(answer));
  });
});
