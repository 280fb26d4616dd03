// The sandbox H5 cashier (the page an h5_url opens) and its message pages (expired link, paid, closed, bad link).
// Plain HTML forms and one <style> block, no script at all: it works under the app's strict CSP as it is
// (form-action 'self': the form posts to the sandbox, which answers 303 to the merchant's same-origin redirect_url).

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#ededed;color:#111;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif}
header{background:#07c160;color:#fff;text-align:center;padding:14px 0;font-size:17px;font-weight:600}
.sandbox{background:#fff7e6;color:#ad6800;font-size:12px;text-align:center;padding:6px}
main{background:#fff;margin:12px;border-radius:8px;padding:28px 20px;text-align:center}
.merchant{font-size:15px;color:#333}
.subject{font-size:13px;color:#666;margin-top:6px}
.amount{font-size:40px;font-weight:600;margin:18px 0 26px}
.amount small{font-size:24px;margin-right:2px}
button,a.button{display:block;width:100%;height:46px;line-height:46px;border:0;border-radius:8px;font-size:17px;text-decoration:none;text-align:center}
.pay{background:#07c160;color:#fff;font-weight:600}
.cancel{background:none;color:#576b95;margin-top:10px}
h1{font-size:20px;margin:8px 0 10px}
p{color:#666;font-size:14px;line-height:1.6;margin:0 0 22px}
.icon{font-size:44px;line-height:1}
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>微信支付</header>
<div class="sandbox">沙箱环境 · 不会真实扣款</div>
<main>
${content}
</main>
</body>
</html>
`;
}

export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

export function cashierPage(input: {
  merchant: string;
  subject: string;
  amountFen: number;
  prepayId: string;
  redirectUrl: string;
  payPath: string;
}): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return layout(
    '微信支付',
    `<div class="merchant">${escapeHtml(input.merchant)}</div>
<div class="subject">${escapeHtml(input.subject)}</div>
<div class="amount" data-testid="wechat-amount"><small>¥</small>${yuan(input.amountFen)}</div>
<form method="post" action="${escapeHtml(input.payPath)}">
${hidden('prepay_id', input.prepayId)}
${hidden('redirect_url', input.redirectUrl)}
<button class="pay" type="submit" name="action" value="pay">立即支付</button>
<button class="cancel" type="submit" name="action" value="cancel">取消</button>
</form>`,
  );
}

export function messagePage(input: { icon: string; title: string; message: string; backUrl?: string | null }): string {
  const back = input.backUrl ? `<a class="button pay" href="${escapeHtml(input.backUrl)}">返回商户</a>` : '';
  return layout(
    input.title,
    `<div class="icon" aria-hidden="true">${escapeHtml(input.icon)}</div>
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
${back}`,
  );
}
