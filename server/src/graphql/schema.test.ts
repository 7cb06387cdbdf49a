import { serialize } from 'node:v8';
import { graphql, visit } from 'graphql';
import { oneByteCopy, schemaDocument } from './schema';
import { createSchema } from './server';

/**
 * V8's serializer writes a string kept one byte per character with the tag '"' (0x22), and one
 * kept two bytes wide with 'c' (0x63), after its two header bytes.
 */
const oneByteWide = (text: string) => serialize(text)[2] === 0x22;

describe('the schema, one byte per character', () => {
  it('tells the two widths apart, and makes a one-byte copy of ASCII cut from wider text', () => {
    const cut = 'Netflix went up: $15.49 → $17.99, paid'.slice(-4);
    expect(cut).toBe('paid');
    expect(oneByteWide('paid')).toBe(true);
    expect(oneByteWide(cut)).toBe(false);
    expect(oneByteWide(oneByteCopy(cut))).toBe(true);
    expect(oneByteCopy(cut)).toBe(cut);
  });

  it('keeps every name of schema.graphql one byte wide, though its descriptions are not', () => {
    const names: string[] = [];
    visit(schemaDocument, { Name: (node) => void names.push(node.value) });
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name) => !oneByteWide(name))).toEqual([]);
  });

  it("answers in one-byte text: an answer's keys and type names come from the schema's names", async () => {
    const result = await graphql({
      schema: createSchema(),
      source: '{ __typename __type(name: "LiabilityOccurrence") { name fields { name } } }',
    });
    expect(result.errors).toBeUndefined();
    const text = JSON.stringify(result.data);
    expect(text).toContain('"amountPaid"');
    expect(oneByteWide(text)).toBe(true);
  });
});
