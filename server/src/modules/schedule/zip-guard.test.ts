import { deflateRawSync } from 'node:zlib';
import { sheetBytes, zipOf } from './testing';
import { inflatesAsDeclared, inspectZip, ZIP_LIMITS, zipIsSafe } from './zip-guard';

describe('the zip bomb check of uploaded xlsx files', () => {
  it('passes what the library writes, and a small hand-made zip', () => {
    expect(zipIsSafe(sheetBytes([['姓名'], ['张三']], 'xlsx'))).toBe(true);
    expect(zipIsSafe(zipOf([{ name: 'a.xml', data: Buffer.from('<a/>') }]))).toBe(true);
  });

  it('refuses entries that inflate past the total bound, past their declared size, or far beyond their compressed size', () => {
    const big = Buffer.alloc(ZIP_LIMITS.totalBytes + 1, 0x20);
    expect(zipIsSafe(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: big }]))).toBe(false);
    // Lying headers: 5 MB of spaces declared as 1 KB (and as 0).
    const lie = Buffer.alloc(5 * 1024 * 1024, 0x20);
    expect(zipIsSafe(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: lie, declaredSize: 1024 }]))).toBe(false);
    expect(zipIsSafe(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: lie, declaredSize: 0 }]))).toBe(false);
    // Under the total, but each 2 MB entry is a thousand times its compressed size.
    const dense = Buffer.alloc(2 * 1024 * 1024, 0);
    expect(deflateRawSync(dense).length * ZIP_LIMITS.ratio).toBeLessThan(dense.length);
    expect(zipIsSafe(zipOf([{ name: 'a.xml', data: dense }]))).toBe(false);
    // Many small entries together past the total.
    const parts = Array.from({ length: 21 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('x'.repeat(1024 * 1024 - 1) + String(i % 10)) }));
    expect(zipIsSafe(zipOf(parts))).toBe(false);
  });

  it('refuses what is not a well-formed zip', () => {
    const good = zipOf([{ name: 'a.xml', data: Buffer.from('<a/>') }]);
    expect(zipIsSafe(Buffer.from('PK\x03\x04 not really a zip'))).toBe(false);
    expect(zipIsSafe(good.subarray(0, good.length - 5))).toBe(false);
    expect(zipIsSafe(Buffer.alloc(0))).toBe(false);
    const tooMany = zipOf(Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => ({ name: `e${i}`, data: Buffer.from('a') })));
    expect(zipIsSafe(tooMany)).toBe(false);
  });

  it("reads a worksheet's declared dimension from its first bytes, before inflating anything in full", () => {
    // A worksheet that declares a million cells, then lies about its size: the dimension is read,
    // and only the second step, which a sheet declaring too much never reaches, finds the lie.
    const rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'.repeat(10_000);
    const xml = Buffer.from(`<?xml version="1.0"?><worksheet><dimension ref="A1:ALL2001"/><sheetData>${rows}</sheetData></worksheet>`);
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: xml, declaredSize: xml.length - 1 }]);
    const facts = inspectZip(lying);
    expect(facts?.dimensions).toEqual(['A1:ALL2001']);
    expect(inflatesAsDeclared(lying, facts!)).toBe(false);
    expect(zipIsSafe(lying)).toBe(false);
    const honest = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: xml }]);
    expect(inspectZip(honest)?.dimensions).toEqual(['A1:ALL2001']);
    expect(zipIsSafe(honest)).toBe(true);
  });
});
