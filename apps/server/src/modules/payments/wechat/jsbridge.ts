// The sandbox's WeixinJSBridge shim (PAY_MODE=sandbox only): served as a same-origin script file, so it runs under
// the app's strict CSP (script-src 'self', no inline script). It defines
// window.WeixinJSBridge.invoke('getBrandWCPayRequest', params, cb) as the WeChat browser does: a bottom sheet with
// the amount and 立即支付 / 取消; the sandbox checks paySign with the merchant public key and the prepay_id before
// showing it and again before settling, and the callback gets err_msg get_brand_wcpay_request:ok | cancel | fail.
// Styles are set through the CSSOM (element.style), which the style policy does not restrict.
export const JSBRIDGE_SOURCE = String.raw`(function () {
  'use strict';
  if (window.WeixinJSBridge && window.WeixinJSBridge.__fjtSandbox) return;
  var current = document.currentScript;
  var base = current && current.src
    ? new URL(current.src, location.href).pathname.replace(/\/jsbridge\.js$/, '')
    : '/__sandbox/wechat';
  var GREEN = '#07c160';

  function post(path, body) {
    return fetch(base + path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body || {})
    }).then(function (response) { return response.json(); });
  }

  function el(tag, css, text) {
    var node = document.createElement(tag);
    if (css) node.style.cssText = css;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function showSheet(info, onPay, onCancel) {
    var overlay = el('div', 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;' +
      'flex-direction:column;justify-content:flex-end;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC",' +
      '"Microsoft YaHei",sans-serif');
    overlay.setAttribute('data-sandbox', 'wechat-jsapi');
    var sheet = el('div', 'background:#fff;border-radius:12px 12px 0 0;padding:20px 20px 28px;text-align:center;' +
      'color:#111');
    sheet.setAttribute('role', 'dialog');
    sheet.setAttribute('aria-modal', 'true');
    sheet.setAttribute('aria-label', '微信支付');
    sheet.appendChild(el('div', 'font-size:16px;font-weight:600;margin-bottom:4px', '微信支付'));
    sheet.appendChild(el('div', 'font-size:12px;color:#999;margin-bottom:16px', '沙箱环境 · 不会真实扣款'));
    sheet.appendChild(el('div', 'font-size:14px;color:#333', info.merchant));
    sheet.appendChild(el('div', 'font-size:13px;color:#666;margin-top:4px', info.subject));
    sheet.appendChild(el('div', 'font-size:34px;font-weight:600;margin:16px 0 20px', '¥' + info.amountText));
    var pay = el('button', 'display:block;width:100%;height:46px;border:0;border-radius:8px;background:' + GREEN +
      ';color:#fff;font-size:17px;font-weight:600', '立即支付');
    pay.type = 'button';
    var cancel = el('button', 'display:block;width:100%;height:44px;border:0;background:none;color:#576b95;' +
      'font-size:16px;margin-top:8px', '取消');
    cancel.type = 'button';
    var status = el('div', 'font-size:13px;color:#fa5151;min-height:18px;margin-top:8px', '');
    status.setAttribute('role', 'status');
    sheet.appendChild(pay);
    sheet.appendChild(cancel);
    sheet.appendChild(status);
    overlay.appendChild(sheet);
    document.body.appendChild(overlay);
    function close() { if (overlay.parentNode) overlay.parentNode.removeChild(overlay); }
    pay.addEventListener('click', function () {
      pay.disabled = true;
      cancel.disabled = true;
      pay.textContent = '支付中…';
      onPay(close);
    });
    cancel.addEventListener('click', function () { close(); onCancel(); });
  }

  function payRequest(params, cb) {
    post('/jsapi/check', params).then(function (info) {
      if (!info.ok) { cb({ err_msg: 'get_brand_wcpay_request:fail', err_desc: info.message }); return; }
      showSheet(info, function (close) {
        post('/jsapi/pay', params).then(function (result) {
          close();
          cb({ err_msg: result.err_msg, err_desc: result.message });
        }, function () {
          close();
          cb({ err_msg: 'get_brand_wcpay_request:fail' });
        });
      }, function () {
        cb({ err_msg: 'get_brand_wcpay_request:cancel' });
      });
    }, function () {
      cb({ err_msg: 'get_brand_wcpay_request:fail' });
    });
  }

  window.WeixinJSBridge = {
    __fjtSandbox: true,
    invoke: function (name, params, cb) {
      var callback = typeof cb === 'function' ? cb : function () {};
      if (name === 'getBrandWCPayRequest') { payRequest(params || {}, callback); return; }
      setTimeout(function () { callback({ err_msg: name + ':fail' }); }, 0);
    },
    on: function () {},
    call: function () {}
  };
  document.dispatchEvent(new Event('WeixinJSBridgeReady'));
})();
`;
