// The sensitive-word filter: blocks and flags found however they are spelled out (spaces, symbols, full-width
// letters, case), and honest posts about homes pass.
import { describe, expect, it } from 'vitest';
import { checkWords, foldForFilter } from './words.ts';

describe('checkWords', () => {
  it('passes honest questions and reviews', () => {
    for (const text of [
      '这个小区离地铁站多远？早高峰挤不挤？',
      '物业费2.8元/㎡·月，物业还算负责，绿化一般。',
      '学区是哪个小学？今年划片有没有变化？',
      '税费怎么算？满五唯一能省多少？',
    ])
      expect(checkWords(text)).toEqual({ verdict: 'ok' });
  });

  it('blocks fraud, gambling and the like, however spaced or spelled', () => {
    expect(checkWords('专业代开发票')).toEqual({ verdict: 'block', words: ['代开发票'] });
    expect(checkWords('网 络 赌 博 日赚千元').verdict).toBe('block');
    expect(checkWords('信用卡*套现*秒到').verdict).toBe('block');
    expect(checkWords('标题没事', '正文里有 百家乐').verdict).toBe('block');
  });

  it('flags soliciting and advertising, and a block wins over a flag', () => {
    expect(checkWords('有内部房源，加我微信')).toEqual({ verdict: 'flag', words: ['内部房源', '加我微信'] });
    expect(checkWords('加Ｖ了解')).toMatchObject({ verdict: 'flag' });
    expect(checkWords('加微信', '代开发票').verdict).toBe('block');
  });

  it('folds full-width forms, case and separators', () => {
    expect(foldForFilter('ＡＢＣ ａ-b_c，。！')).toBe('abcabc');
  });
});
