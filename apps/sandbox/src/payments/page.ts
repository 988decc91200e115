import { escapeHtml } from '../http/server';
import type { Order } from './store';

const STATUS_TEXT: Record<Order['status'], string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  expired: '已过期',
};

/** The hosted cashier page (`/payments/pay/:id`): the person pays or cancels, then returns to the merchant. */
export function payPage(order: Order): string {
  const e = escapeHtml;
  const pending = order.status === 'pending';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>沙盒收银台</title>
<style>
  *{box-sizing:border-box;margin:0;padding:0}
  body{font-family:-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f1f5f9;color:#0f172a;min-height:100vh;padding:24px 16px;display:flex;flex-direction:column;align-items:center}
  .card{width:100%;max-width:420px;background:#fff;border-radius:18px;padding:22px;box-shadow:0 8px 24px rgba(15,23,42,.08)}
  h1{font-size:18px;margin-bottom:4px}.muted{font-size:12px;color:#64748b}
  .amount{font-size:34px;font-weight:800;margin:18px 0 6px}.amount small{font-size:16px;font-weight:600;margin-left:6px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;font-size:13px;margin:14px 0 20px}dt{color:#64748b}dd{word-break:break-all}
  .status{display:inline-block;padding:2px 10px;border-radius:999px;background:#e2e8f0;font-size:13px}
  .actions{display:flex;gap:10px}
  button{flex:1;border:0;border-radius:999px;padding:13px;font-size:16px;font-weight:700}
  #pay{background:#2563eb;color:#fff}#cancel{background:#e2e8f0;color:#0f172a}
  button:disabled{opacity:.5}
  #msg{margin-top:14px;font-size:14px;min-height:20px}
</style></head>
<body data-id="${e(order.channelOrderId)}">
<div class="card">
  <h1>沙盒收银台</h1><div class="muted">模拟第三方支付通道 · 仅用于演示与测试</div>
  <div class="amount">${e(order.amount)}<small>${e(order.currency)}</small></div>
  <dl>
    <dt>商户</dt><dd>${e(order.merchantId)}</dd>
    <dt>商户订单号</dt><dd>${e(order.merchantOrderId)}</dd>
    <dt>通道订单号</dt><dd>${e(order.channelOrderId)}</dd>
    ${order.subject ? `<dt>商品</dt><dd>${e(order.subject)}</dd>` : ''}
    <dt>状态</dt><dd><span class="status" id="status">${STATUS_TEXT[order.status]}</span></dd>
  </dl>
  <div class="actions">
    <button id="pay" ${pending ? '' : 'disabled'}>确认支付</button>
    <button id="cancel" ${pending ? '' : 'disabled'}>取消</button>
  </div>
  <div id="msg"></div>
</div>
<script>
(function(){
  var id=document.body.dataset.id, $=function(x){return document.getElementById(x);};
  var text={pending:'待支付',paid:'已支付',cancelled:'已取消',expired:'已过期'};
  function act(what){
    $('pay').disabled=$('cancel').disabled=true;
    fetch('/payments/pay/'+id+'/'+what,{method:'POST'}).then(function(r){return r.json();}).then(function(j){
      if(j.error){$('msg').textContent=j.error.message;return;}
      $('status').textContent=text[j.status]||j.status;
      $('msg').innerHTML=(j.status==='paid'?'支付成功':'订单已关闭')+'，<a id="back">返回商户</a>';
      $('back').href=j.return_url;
    }).catch(function(){$('msg').textContent='网络异常，请稍后再试';$('pay').disabled=$('cancel').disabled=false;});
  }
  $('pay').onclick=function(){act('confirm');};
  $('cancel').onclick=function(){act('cancel');};
})();
</script>
</body></html>`;
}
