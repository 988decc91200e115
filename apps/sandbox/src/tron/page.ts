import { escapeHtml } from '../http/server';

/**
 * The sandbox "wallet app" (`/tron/wallet?to=&amount=&from=`): a person sends sandbox USDT to an address,
 * e.g. the one Koi's deposit popup shows, and watches the transfer go from pending to confirmed.
 */
export function walletPage(prefill: { to?: string; amount?: string; from?: string }): string {
  const v = (s: string | undefined) => escapeHtml(s ?? '');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>沙盒 TRON 钱包</title>
<style>
  *{box-sizing:border-box;margin:0;padding:0}
  body{font-family:-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#0f172a;color:#e2e8f0;min-height:100vh;padding:20px 16px;display:flex;flex-direction:column;align-items:center}
  h1{font-size:20px;margin:6px 0 4px}
  .sub{font-size:12px;opacity:.6;margin-bottom:16px;text-align:center}
  form{width:100%;max-width:420px;background:#1e293b;border-radius:16px;padding:16px;display:flex;flex-direction:column;gap:12px}
  label{font-size:13px;opacity:.8;display:flex;flex-direction:column;gap:6px}
  input,select{font:inherit;font-size:15px;padding:10px 12px;border-radius:10px;border:1px solid #334155;background:#0f172a;color:#e2e8f0;width:100%}
  button{border:0;border-radius:999px;padding:13px;font-size:17px;font-weight:700;color:#052e16;background:#22c55e}
  button:disabled{opacity:.5}
  #result{width:100%;max-width:420px;margin-top:16px;font-size:14px;line-height:1.7;word-break:break-all}
  .ok{color:#86efac}.err{color:#fca5a5}
  .note{margin-top:18px;font-size:12px;opacity:.5;text-align:center}
</style></head>
<body>
<h1>沙盒 TRON 钱包</h1>
<div class="sub">区块高度 <b id="head">--</b> · 已确认 <b id="solid">--</b> · 仅用于演示与测试</div>
<form id="send">
  <label>收款地址<input name="to" id="to" required autocomplete="off" value="${v(prefill.to)}" placeholder="T…"></label>
  <label>金额（USDT）<input name="amount" id="amount" required inputmode="decimal" value="${v(prefill.amount)}" placeholder="0.00"></label>
  <label>代币<select name="token" id="token"><option value="usdt">USDT（官方合约）</option><option value="lookalike">USDT（仿冒合约，测试用）</option></select></label>
  <label>付款地址（可留空，自动生成）<input name="from" id="from" autocomplete="off" value="${v(prefill.from)}" placeholder="T…"></label>
  <button id="go" type="submit">发送</button>
</form>
<div id="result"></div>
<div class="note">沙盒链上的 USDT 没有真实价值</div>
<script>
(function(){
  var $=function(id){return document.getElementById(id);};
  function info(){fetch('/tron/info').then(function(r){return r.json();}).then(function(j){$('head').textContent=j.head;$('solid').textContent=j.solid_head;});}
  function watch(id){
    fetch('/tron/tx/'+id).then(function(r){return r.json();}).then(function(t){
      var s=t.block_number===null?'等待打包':(t.confirmed?'已确认（区块 '+t.block_number+'）':'已打包，确认中 '+t.confirmations+'/'+t.required);
      $('state').textContent=s; if(!t.confirmed)setTimeout(function(){watch(id);},1500);
    });
  }
  $('send').onsubmit=function(ev){
    ev.preventDefault(); var btn=$('go'); btn.disabled=true; $('result').innerHTML='';
    var body={to:$('to').value.trim(),amount:$('amount').value.trim(),token:$('token').value};
    if($('from').value.trim())body.from=$('from').value.trim();
    fetch('/tron/wallet/send',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)})
      .then(function(r){return r.json();}).then(function(j){
        if(j.error){$('result').innerHTML='<span class="err"></span>';$('result').firstChild.textContent=j.error;return;}
        $('result').innerHTML='<div class="ok">已发送</div><div>交易哈希：<span id="txid"></span></div><div>付款地址：<span id="fromaddr"></span></div><div>状态：<span id="state">等待打包</span></div>';
        $('txid').textContent=j.transaction_id;$('fromaddr').textContent=j.from;watch(j.transaction_id);
      }).catch(function(){$('result').innerHTML='<span class="err">网络异常，请稍后再试</span>';})
      .finally(function(){btn.disabled=false;info();});
  };
  info(); setInterval(info,3000);
})();
</script>
</body></html>`;
}
