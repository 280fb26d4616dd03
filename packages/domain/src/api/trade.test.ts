// The deal-data export's CSV fields (packages/domain/src/api/trade.ts csvField): quoting and CSV-injection defusing.
import { describe, expect, it } from 'vitest';
import { TRADE_EXPORT_COLUMNS, csvField, tradeExportQuery } from './trade.ts';

describe('csvField', () => {
  it('writes numbers and plain text as they are, null as empty', () => {
    expect(csvField(2_420_000)).toBe('2420000');
    expect(csvField(3.8)).toBe('3.8');
    expect(csvField('观澜南苑')).toBe('观澜南苑');
    expect(csvField(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('x\ny')).toBe('"x\ny"');
  });

  it('defuses text a spreadsheet would run as a formula; negative numbers stay numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-3.5)).toBe('-3.5');
  });
});

describe('tradeExportQuery', () => {
  it('bounds months to 1–12 with a default of 3, and needs a city', () => {
    expect(tradeExportQuery.parse({ cityId: '605' })).toEqual({ cityId: 605, months: 3 });
    expect(tradeExportQuery.parse({ cityId: '605', months: '12' }).months).toBe(12);
    for (const months of ['0', '13', '1e1', '-1', 'x']) {
      expect(tradeExportQuery.safeParse({ cityId: '605', months }).success).toBe(false);
    }
    expect(tradeExportQuery.safeParse({}).success).toBe(false);
    expect(TRADE_EXPORT_COLUMNS[0]).toBe('成交日期');
  });
});
