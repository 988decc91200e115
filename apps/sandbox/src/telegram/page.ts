/**
 * The sandbox chat page (`/telegram/chat`): a person picks a sandbox user and a bot, sends `/start <invite
 * code>` (or any text), sees the bot's answers with their inline buttons, and opens a `web_app` button as a
 * Mini App: the page asks the sandbox to sign launch data for that button and goes to its URL with
 * `#tgWebAppData=…`, as Telegram's clients do. Everything is built from the state the sandbox answers, with
 * text set through textContent, so a message can never inject markup.
 */
export function chatPage(): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>沙盒 Telegram</title>
<style>
  *{box-sizing:border-box;margin:0;padding:0}
  html,body{height:100%}
  body{font-family:-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#dfe7ee;color:#0f172a;display:flex;flex-direction:column}
  header{background:#517da2;color:#fff;padding:10px 14px;display:flex;align-items:center;gap:10px}
  .avatar{width:38px;height:38px;border-radius:50%;background:#7aa5cc;display:flex;align-items:center;justify-content:center;font-weight:700}
  header h1{font-size:16px}header .muted{font-size:12px;opacity:.85}
  .who{background:#fff;padding:8px 12px;display:flex;gap:8px;align-items:center;font-size:13px;border-bottom:1px solid #cbd5e1;flex-wrap:wrap}
  select,input{font:inherit;border:1px solid #cbd5e1;border-radius:8px;padding:6px 8px;background:#fff;min-width:0}
  #messages{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px}
  .empty{margin:auto;color:#475569;font-size:13px;text-align:center;line-height:1.7;background:rgba(255,255,255,.7);padding:12px 16px;border-radius:12px}
  .msg{max-width:82%;padding:8px 11px;border-radius:14px;font-size:14px;line-height:1.45;white-space:pre-wrap;word-break:break-word;box-shadow:0 1px 1px rgba(0,0,0,.08)}
  .user{align-self:flex-end;background:#effdde;border-bottom-right-radius:4px}
  .bot{align-self:flex-start;background:#fff;border-bottom-left-radius:4px}
  .kb{align-self:flex-start;max-width:82%;display:flex;flex-direction:column;gap:4px;margin-top:-4px}
  .kb .row{display:flex;gap:4px}
  .kb button{flex:1;border:0;border-radius:10px;padding:9px 12px;background:rgba(81,125,162,.85);color:#fff;font-size:14px;font-weight:600}
  .start{background:#fff;padding:8px 12px;display:flex;gap:8px;border-top:1px solid #cbd5e1}
  .start input{flex:1}
  .compose{background:#fff;padding:8px 12px calc(8px + env(safe-area-inset-bottom));display:flex;gap:8px;border-top:1px solid #e2e8f0}
  .compose input{flex:1}
  .primary{border:0;border-radius:8px;padding:7px 14px;background:#517da2;color:#fff;font-weight:700;font-size:14px}
  .secondary{border:0;border-radius:8px;padding:7px 10px;background:#e2e8f0;font-size:13px}
  #msg{font-size:12px;color:#b91c1c;padding:0 12px}
</style></head>
<body>
<header><div class="avatar" id="avatar">B</div><div><h1 id="botname">沙盒 Telegram</h1><div class="muted">沙盒 · 模拟 Telegram 客户端，仅用于演示与测试</div></div></header>
<div class="who">
  <label>用户 <select id="user" aria-label="用户"></select></label>
  <label>机器人 <select id="bot" aria-label="机器人"></select></label>
  <button class="secondary" id="newuser" type="button">新建用户</button>
</div>
<div id="messages"><div class="empty">选择一位沙盒用户，填写邀请码后点“发送 /start”，<br>机器人会回复一个打开小程序的按钮。</div></div>
<div id="msg" role="alert"></div>
<form class="start" id="startform"><input id="code" placeholder="邀请码（可留空）" aria-label="邀请码" autocomplete="off"><button class="primary" id="start" type="submit">发送 /start</button></form>
<form class="compose" id="compose"><input id="text" placeholder="消息" aria-label="消息" autocomplete="off"><button class="secondary" id="send" type="submit">发送</button></form>
<script>
(function(){
  var $=function(x){return document.getElementById(x);};
  var params=new URLSearchParams(location.search), shown='';
  function post(path,body){return fetch(path,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json().then(function(j){if(!r.ok)throw new Error(j.error&&j.error.message||r.status);return j;});});}
  function fail(e){$('msg').textContent=e.message||String(e);}
  function fill(select,items,value,label){
    var keep=select.value||value; select.textContent='';
    items.forEach(function(it){var o=document.createElement('option');o.value=it.value;o.textContent=it.label;select.appendChild(o);});
    if(keep&&items.some(function(it){return String(it.value)===String(keep);}))select.value=keep;
  }
  function render(state){
    fill($('user'),state.users.map(function(u){return {value:u.id,label:u.first_name+(u.last_name?' '+u.last_name:'')+(u.username?' @'+u.username:'')};}),params.get('user'));
    fill($('bot'),state.bots.map(function(b){return {value:b,label:'@'+b};}),params.get('bot'));
    $('botname').textContent=state.bot?'@'+state.bot:'沙盒 Telegram（未配置机器人）';
    $('avatar').textContent=state.bot?state.bot.charAt(0).toUpperCase():'?';
    var key=JSON.stringify(state.messages); if(key===shown)return; shown=key;
    var box=$('messages'); if(!state.messages.length)return;
    box.textContent='';
    state.messages.forEach(function(m){
      var d=document.createElement('div'); d.className='msg '+m.from; d.textContent=m.text; d.dataset.id=m.message_id; box.appendChild(d);
      if(m.reply_markup){
        var kb=document.createElement('div'); kb.className='kb';
        m.reply_markup.inline_keyboard.forEach(function(row,r){
          var line=document.createElement('div'); line.className='row';
          row.forEach(function(b,c){
            var btn=document.createElement('button'); btn.type='button'; btn.textContent=b.text;
            if(b.web_app){btn.dataset.webapp='1';btn.onclick=function(){post('/telegram/chat/open',{bot:$('bot').value,user:Number($('user').value),message_id:m.message_id,row:r,col:c}).then(function(j){location.href=j.url;}).catch(fail);};}
            else if(b.url){btn.onclick=function(){window.open(b.url,'_blank','noopener');};}
            line.appendChild(btn);
          });
          kb.appendChild(line);
        });
        box.appendChild(kb);
      }
    });
    box.scrollTop=box.scrollHeight;
  }
  function refresh(){
    var q=new URLSearchParams(); if($('bot').value||params.get('bot'))q.set('bot',$('bot').value||params.get('bot'));
    if($('user').value||params.get('user'))q.set('user',$('user').value||params.get('user'));
    return fetch('/telegram/chat/state?'+q).then(function(r){return r.json();}).then(render).catch(function(){});
  }
  function send(text){$('msg').textContent='';return post('/telegram/chat/send',{bot:$('bot').value,user:Number($('user').value),text:text}).then(refresh).catch(fail);}
  $('startform').onsubmit=function(e){e.preventDefault();var c=$('code').value.trim();send(c?'/start '+c:'/start');};
  $('compose').onsubmit=function(e){e.preventDefault();var t=$('text').value.trim();if(t){$('text').value='';send(t);}};
  $('user').onchange=$('bot').onchange=function(){shown='';$('messages').innerHTML='<div class="empty">还没有消息。</div>';refresh();};
  $('newuser').onclick=function(){var n=prompt('新用户的名字');if(!n)return;post('/telegram/chat/users',{first_name:n,language_code:'zh-hans'}).then(function(u){params.set('user',u.id);$('user').value='';return refresh();}).then(function(){$('user').value=params.get('user');shown='';refresh();}).catch(fail);};
  if(params.get('code'))$('code').value=params.get('code');
  refresh().then(function(){setInterval(refresh,700);});
})();
</script>
</body></html>`;
}
