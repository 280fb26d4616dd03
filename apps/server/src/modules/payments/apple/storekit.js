// Sandbox StoreKit for the browser (issue 12), served at /__sandbox/apple/storekit.js in PAY_MODE=sandbox only.
// In the iOS app the native bridge buys with StoreKit 2; in a browser that presents itself as the app (tests, the
// e2e run) this file stands in for it: window.fjtStoreKit.purchase({productId, appAccountToken}) shows the App
// Store's purchase sheet (product, price, 购买 / 取消) and resolves with {signedTransaction} from the sandbox
// App Store, or rejects with an Error whose code is 'userCancelled' (取消) or 'purchaseFailed'.
// A file, not an inline script: the pages' Content-Security-Policy allows scripts of our own origin only.
(function () {
  'use strict';
  if (window.fjtStoreKit) return;
  var script = document.currentScript;
  var base =
    script && script.src ? new URL('.', script.src).href : new URL('/__sandbox/apple/', window.location.origin).href;

  function failure(code, message) {
    var error = new Error(message);
    error.code = code;
    return error;
  }

  function element(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function productInfo(productId) {
    return fetch(base + 'products/' + encodeURIComponent(productId), { credentials: 'same-origin' })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .catch(function () {
        return null;
      });
  }

  function buy(productId, appAccountToken) {
    return fetch(base + 'purchase', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: productId, appAccountToken: appAccountToken }),
    }).then(function (response) {
      if (!response.ok) throw failure('purchaseFailed', '购买失败');
      return response.json();
    });
  }

  function purchase(options) {
    var productId = options && options.productId;
    var appAccountToken = options && options.appAccountToken;
    if (typeof productId !== 'string' || typeof appAccountToken !== 'string') {
      return Promise.reject(failure('invalidRequest', '缺少商品或订单标识'));
    }
    return productInfo(productId).then(function (product) {
      if (!product) throw failure('productUnavailable', '商品不存在');
      return new Promise(function (resolve, reject) {
        var overlay = element(
          'div',
          'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.45);display:flex;align-items:flex-end;justify-content:center;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC",sans-serif',
        );
        var sheet = element(
          'div',
          'width:100%;max-width:480px;background:#f2f2f7;border-radius:14px 14px 0 0;padding:16px 16px 28px;box-sizing:border-box;color:#111',
        );
        sheet.setAttribute('role', 'dialog');
        sheet.setAttribute('aria-modal', 'true');
        sheet.setAttribute('aria-label', 'App Store（沙箱）');
        var head = element('div', 'display:flex;justify-content:space-between;align-items:center;margin-bottom:12px');
        head.appendChild(element('strong', 'font-size:17px', 'App Store'));
        head.appendChild(element('span', 'font-size:12px;color:#8e8e93', '沙箱环境'));
        var card = element('div', 'background:#fff;border-radius:10px;padding:14px;margin-bottom:16px');
        card.appendChild(element('div', 'font-size:16px;font-weight:600;margin-bottom:6px', product.title));
        card.appendChild(element('div', 'font-size:13px;color:#8e8e93;margin-bottom:10px', productId));
        card.appendChild(element('div', 'font-size:22px;font-weight:600', product.displayPrice));
        var error = element('div', 'color:#ff3b30;font-size:13px;min-height:18px;margin-bottom:8px', '');
        var pay = element(
          'button',
          'display:block;width:100%;height:48px;border:0;border-radius:10px;background:#007aff;color:#fff;font-size:17px;font-weight:600;margin-bottom:10px',
          '购买',
        );
        pay.type = 'button';
        var cancel = element(
          'button',
          'display:block;width:100%;height:44px;border:0;border-radius:10px;background:transparent;color:#007aff;font-size:17px',
          '取消',
        );
        cancel.type = 'button';
        sheet.appendChild(head);
        sheet.appendChild(card);
        sheet.appendChild(error);
        sheet.appendChild(pay);
        sheet.appendChild(cancel);
        overlay.appendChild(sheet);
        document.body.appendChild(overlay);

        function close() {
          if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        }
        cancel.addEventListener('click', function () {
          close();
          reject(failure('userCancelled', '已取消购买'));
        });
        pay.addEventListener('click', function () {
          pay.disabled = true;
          cancel.disabled = true;
          pay.textContent = '正在购买…';
          buy(productId, appAccountToken).then(
            function (answer) {
              close();
              resolve({ signedTransaction: answer.signedTransaction });
            },
            function () {
              close();
              reject(failure('purchaseFailed', '购买失败'));
            },
          );
        });
      });
    });
  }

  window.fjtStoreKit = { purchase: purchase };
})();
