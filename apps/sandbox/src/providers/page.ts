/**
 * The playable game page a player's browser opens at the launch URL: a slot or a card game in Chinese,
 * sized for a phone. All money logic is on the servers; the page only asks for rounds and shows them.
 */
import { escapeHtml } from '../http/server';

export function playPage(sessionId: string, gameCode: string, kind: 'slot' | 'card', name?: string): string {
  const title = escapeHtml(name ?? (kind === 'slot' ? '水果狂欢' : '二十一点'));
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${title} · Koi 模拟厂商</title>
<style>
  *{box-sizing:border-box;margin:0;padding:0}
  body{font-family:-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:radial-gradient(circle at 30% 0%,#5b21b6,#1e1b4b 70%);color:#fff;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:20px 16px}
  h1{font-size:22px;letter-spacing:2px;margin:8px 0 4px}
  .code{font-size:12px;opacity:.6;margin-bottom:16px}
  .balance{background:rgba(255,255,255,.12);border-radius:14px;padding:10px 18px;font-size:15px;margin-bottom:18px}
  .balance b{font-size:20px;color:#fde68a}
  .stage{width:100%;max-width:420px;background:rgba(0,0,0,.25);border:2px solid rgba(253,230,138,.5);border-radius:20px;padding:18px;display:flex;gap:10px;justify-content:center;min-height:130px;align-items:center;flex-wrap:wrap}
  .reel{width:90px;height:100px;border-radius:14px;background:linear-gradient(#fff,#e9e5ff);color:#6d28d9;font-size:46px;font-weight:800;display:flex;align-items:center;justify-content:center;box-shadow:inset 0 -6px 0 rgba(0,0,0,.08)}
  .spinning .reel{animation:blink .25s infinite alternate}
  @keyframes blink{from{opacity:.4}to{opacity:1}}
  .hand{width:100%;text-align:center;font-size:15px;line-height:1.9}
  .card{display:inline-block;background:#fff;color:#111;border-radius:6px;padding:2px 6px;margin:0 2px;font-weight:700}
  .card.red{color:#dc2626}
  .msg{min-height:28px;margin:16px 0;font-size:17px;font-weight:600;color:#fde68a;text-align:center}
  .amounts{display:flex;gap:8px;margin-bottom:14px}
  .amounts button{border:1px solid rgba(255,255,255,.4);background:transparent;color:#fff;border-radius:999px;padding:6px 14px;font-size:14px}
  .amounts button.on{background:#fde68a;color:#4c1d95;border-color:#fde68a;font-weight:700}
  .play{width:100%;max-width:420px;border:0;border-radius:999px;padding:14px;font-size:18px;font-weight:800;color:#4c1d95;background:linear-gradient(90deg,#fde68a,#f59e0b);box-shadow:0 6px 18px rgba(245,158,11,.4)}
  .play:disabled{opacity:.5}
  .note{margin-top:18px;font-size:12px;opacity:.55;text-align:center}
</style></head>
<body data-session="${escapeHtml(sessionId)}" data-kind="${kind}">
<h1>${title}</h1><div class="code">${escapeHtml(gameCode)}</div>
<div class="balance">余额 <b id="balance">--</b> USDT</div>
<div class="stage" id="stage">${kind === 'slot' ? '<div class="reel">7</div><div class="reel">7</div><div class="reel">7</div>' : '<div class="hand">点击「发牌」开始</div>'}</div>
<div class="msg" id="msg"></div>
<div class="amounts" id="amounts"><button data-v="1" class="on">1</button><button data-v="5">5</button><button data-v="10">10</button><button data-v="50">50</button></div>
<button class="play" id="play">${kind === 'slot' ? '开始旋转' : '发牌'}</button>
<div class="note">模拟厂商 · 仅用于演示与测试 · 理性游戏</div>
<script>
(function(){
  var session=document.body.dataset.session, kind=document.body.dataset.kind, amount='1';
  var fmt=function(micro){var n=BigInt(micro);var w=n/1000000n, f=(n%1000000n).toString().padStart(6,'0').slice(0,2);return w+'.'+f;};
  var $=function(id){return document.getElementById(id);};
  function refresh(){fetch('/api/play/'+session+'/balance').then(function(r){return r.json();}).then(function(j){if(j.balance_micro)$('balance').textContent=fmt(j.balance_micro);});}
  document.querySelectorAll('#amounts button').forEach(function(b){b.onclick=function(){document.querySelectorAll('#amounts button').forEach(function(x){x.classList.remove('on');});b.classList.add('on');amount=b.dataset.v;};});
  function card(c){var red=c[0]==='♥'||c[0]==='♦';return '<span class="card'+(red?' red':'')+'">'+c+'</span>';}
  $('play').onclick=function(){
    var btn=$('play');btn.disabled=true;$('msg').textContent='';$('stage').classList.add('spinning');
    fetch('/api/play/'+session+'/round',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({amount:amount})})
      .then(function(r){return r.json();}).then(function(round){
        $('stage').classList.remove('spinning');
        if(round.error){$('msg').textContent=round.error;return;}
        if(round.state==='refused'){var s=round.answers[round.answers.length-1].answer.status;$('msg').textContent=s==='RS_ERROR_NOT_ENOUGH_MONEY'?'余额不足，请先充值':s==='RS_ERROR_LIMIT_REACHED'?'超过单注限额：红利流水未完成期间，单注不能超过该红利的最高投注额':'下注失败（'+s+'）';return;}
        if(round.state!=='settled'){$('msg').textContent='网络异常，本局已撤销';refresh();return;}
        var o=round.outcome;
        if(kind==='slot'){$('stage').innerHTML=o.reels.map(function(s){return '<div class="reel">'+s+'</div>';}).join('');}
        else{$('stage').innerHTML='<div class="hand">庄家 '+o.dealer.map(card).join('')+'（'+o.dealerTotal+'）<br>玩家 '+o.player.map(card).join('')+'（'+o.playerTotal+'）</div>';}
        $('msg').textContent=round.winMicro!=='0'?'恭喜！赢得 '+fmt(round.winMicro)+' USDT':'未中奖，再来一次';
        refresh();
      }).catch(function(){$('stage').classList.remove('spinning');$('msg').textContent='网络异常，请稍后再试';})
      .finally(function(){btn.disabled=false;});
  };
  refresh();
})();
</script>
</body></html>`;
}
