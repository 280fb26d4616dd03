// Contact details in agents' messages: what is found and masked (mobiles in every spelling, landlines, WeChat ids
// after a label), what is not (prices, dates, estate ids, room numbers, order numbers), and the user's own.
import { describe, expect, it } from 'vitest';
import { findContacts, maskContacts, sharedContacts } from './chat-moderation.ts';

const mask = (text: string, userTexts: string[] = []) => maskContacts(text, sharedContacts(userTexts));

describe('mobile numbers', () => {
  it.each([
    ['我的电话13812345678', '我的电话138****5678'],
    ['电话 138 1234 5678 随时联系', '电话 138****5678 随时联系'],
    ['138-1234-5678', '138****5678'],
    ['1 3 8 1 2 3 4 5 6 7 8', '138****5678'],
    ['打 +86 139 0000 1111', '打 139****1111'],
    ['8615912345678', '159****5678'],
    ['0086-18612345678', '186****5678'],
    ['全角１３８１２３４５６７８也算', '全角138****5678也算'],
    ['１３８－１２３４－５６７８', '138****5678'],
    ['手机:19912345678。', '手机:199****5678。'],
    ['两个：13812345678 和 15012345678', '两个：138****5678 和 150****5678'],
  ])('%s → %s', (text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each([
    '总价12000000元',
    '挂牌价 1380 万，单价 128000 元/㎡',
    '2024-05-12 看房',
    '成交日期 20240512',
    '小区编号 1024 ，城市 1',
    '房号 1301 1302 1303 1304',
    '3号楼2单元1801室',
    '订单号 202405121234567890',
    '138123456789', // 12 digits: no mobile number
    '1381234567', // 10 digits
    '12812345678', // 12x is no mobile prefix
    '面积 89.5 平，3室2厅',
    '首付 30%，月供 12345 元',
    '138万的房子还有 3 套',
  ])('leaves %s alone', (text) => {
    expect(findContacts(text)).toEqual([]);
    expect(mask(text)).toBe(text);
  });
});

describe('landlines', () => {
  it.each([
    ['门店电话 021-61234567', '门店电话 021-****4567'],
    ['010 8765 4321', '010-****4321'],
    ['(0755)88886666', '0755-****6666'],
    ['（０２１）６１２３４５６７', '021-****4567'],
    ['0571-8123456', '0571-****3456'],
    ['02161234567', '021-****4567'],
  ])('%s → %s', (text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each(['021', '编号 0211', '0.5 个点', '021-0123456', '07551234', '电话 61234567 (无区号)'])(
    'leaves %s alone',
    (text) => {
      expect(mask(text)).toBe(text);
    },
  );
});

describe('WeChat ids', () => {
  it.each([
    ['加我微信 zhangsan88', '加我微信 zh****'],
    ['微信号：Zhang_San-1', '微信号：Zh****'],
    ['微信:abc123', '微信:ab****'],
    ['vx: fangzi2024', 'vx: fa****'],
    ['VX fangzi2024', 'VX fa****'],
    ['wx号 li_si_666', 'wx号 li****'],
    ['weixin abcdef', 'weixin ab****'],
    ['wechat: hello_fang', 'wechat: he****'],
    ['加V wang12345', '加V wa****'],
    ['+v wang12345', '+v wa****'],
    ['V信 wang12345', 'V信 wa****'],
    ['薇信号是 wang12345', '薇信号是 wa****'],
    ['威信 wang12345', '威信 wa****'],
    ['ｖｘ：ｆａｎｇｚｉ２０２４', 'ｖｘ：fa****'],
    ['我的 wxid_abc12345 加一下', '我的 wx**** 加一下'],
    ['微信 zhangsan88 电话 13812345678', '微信 zh**** 电话 138****5678'],
  ])('%s → %s', (text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each([
    '微信支付可以用',
    '可以用微信付款，也可以支付宝',
    '微信 abc', // too short for an id
    '微信 123456', // an id starts with a letter
    '微信 a1234567890123456789012', // longer than 20
    'vxabc123', // no word of its own
    'wxyz1234',
    '小区 zhangjiang_garden 的房价', // no label
    '微信群里有很多房源。zhangsan88', // the sentence ended
    'I will wechat you later',
  ])('leaves %s alone', (text) => {
    expect(mask(text)).toBe(text);
  });
});

describe('what the user shared first', () => {
  it('leaves a contact the user sent in the conversation, in any spelling, and masks the rest', () => {
    expect(mask('好的，13812345678 我记下了', ['我电话 138-1234-5678'])).toBe('好的，13812345678 我记下了');
    expect(mask('好的，138 1234 5678', ['１３８１２３４５６７８'])).toBe('好的，138 1234 5678');
    expect(mask('我的是 13900001111，你的 13812345678', ['13812345678'])).toBe('我的是 139****1111，你的 13812345678');
    expect(mask('门店 021-61234567', ['我家座机 (021)61234567'])).toBe('门店 021-61234567');
    // a WeChat id the user wrote, with or without a label, in any case
    expect(mask('微信 ZhangSan88 已加', ['加我 zhangsan88'])).toBe('微信 ZhangSan88 已加');
    expect(mask('微信 ZhangSan88 已加', ['我微信 zhangsan88'])).toBe('微信 ZhangSan88 已加');
    expect(mask('加我微信 agent_wang', ['加我 zhangsan88'])).toBe('加我微信 ag****');
    // a different number of the same shape is not the user's
    expect(mask('13812345679', ['13812345678'])).toBe('138****5679');
  });

  it('reports where each contact is, in order', () => {
    expect(findContacts('vx abc123，电话13812345678')).toEqual([
      { kind: 'wechat', start: 3, end: 9, key: 'wechat:abc123', mask: 'ab****' },
      { kind: 'mobile', start: 12, end: 23, key: 'mobile:13812345678', mask: '138****5678' },
    ]);
  });
});
