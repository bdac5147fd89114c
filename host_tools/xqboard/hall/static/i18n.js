// The hall's one translation table (English, Chinese), for every page:
// the desk (arbiter.js), the live page (live.js) and whatever builds on
// them. API:
//   XQi18n.t(key, vars)    the text of `key` in the page's language, {name}s filled from vars
//   XQi18n.lang            "zh" or "en": ?lang=, else the last choice (localStorage), else the browser's
//   XQi18n.set(lang)       chooses a language (kept for the next visit); the page redraws itself
//   XQi18n.TABLE           {key: {en, zh}}: add a key here, never a string in a page's code
// A key the table lacks comes back as itself (visible, not blank).
"use strict";

const XQi18n = (() => {
  const TABLE = {
    "desk.title": {en: "arbiter's desk", zh: "裁判台"},
    "desk.boards": {en: "Boards", zh: "棋台"},
    "desk.conflicts": {en: "Conflicts with the event file", zh: "与赛事文件不符"},
    "desk.noconflicts": {en: "none: every board's result is the file's", zh: "无：各台结果与文件一致"},
    "desk.incidents": {en: "Incidents", zh: "事件"},
    "desk.round": {en: "round", zh: "轮次"},
    "desk.board": {en: "board", zh: "台"},
    "desk.kind": {en: "kind", zh: "类别"},
    "desk.article": {en: "article", zh: "条款"},
    "desk.time": {en: "time", zh: "时间"},
    "desk.what": {en: "what", zh: "内容"},
    "desk.all": {en: "all", zh: "全部"},
    "desk.logout": {en: "Log out", zh: "退出"},
    "desk.fouls": {en: "fouls", zh: "犯规"},
    "desk.pending": {en: "pending", zh: "待处理"},
    "desk.offer": {en: "draw offered by {side}", zh: "{side}提和"},
    "desk.claim": {en: "{side} claims ({what})", zh: "{side}申请判定（{what}）"},
    "desk.heard": {en: "heard {ago} ago", zh: "{ago}前有信号"},
    "desk.sent": {en: "sent…", zh: "已发送…"},
    "desk.answer": {en: "board {board}: {reply}", zh: "第{board}台：{reply}"},
    "desk.startround": {en: "Start round", zh: "开始本轮"},
    "desk.startclocks": {en: "Start the clocks", zh: "启动棋钟"},
    "desk.fileresult": {en: "event file", zh: "赛事文件"},
    "desk.boardresult": {en: "board", zh: "棋台"},
    "desk.takeboard": {en: "take the board's", zh: "采用棋台结果"},
    "desk.keepfile": {en: "keep the file's", zh: "保留文件结果"},
    "desk.ms": {en: "seconds", zh: "秒"},
    "desk.quarantine": {en: "Quarantine: events that failed verification", zh: "隔离：未通过验证的事件"},
    "desk.noquarantine": {en: "none: every event verified", zh: "无：所有事件均已验证"},
    "desk.unverified": {en: "Boards without a key: unverified, results not written", zh: "无密钥棋台：未验证，结果不写入"},
    "desk.nounverified": {en: "none: every board has its key", zh: "无：各台均有密钥"},
    "desk.noaccept": {en: "A quarantined event failed its check: it is not the board's own as the board sent it, and is never accepted. Dismiss it once seen; the board's own event counts when it comes.", zh: "隔离事件未通过验证：并非棋台原样发出，永不采纳。查看后驳回；棋台本身的事件到达后照常计入。"},
    "desk.dismiss": {en: "dismiss", zh: "驳回"},
    "desk.dismissedby": {en: "dismissed by {by}, {clock}", zh: "{by}于{clock}驳回"},
    "desk.accept": {en: "accept its result", zh: "采纳其结果"},
    "desk.acceptedby": {en: "accepted by {by}, {clock}: {replaced}", zh: "{by}于{clock}采纳：{replaced}"},
    "desk.more": {en: "the newest {shown} of {all}", zh: "最新{shown}条，共{all}条"},
    "desk.device": {en: "device", zh: "设备"},
    "desk.game": {en: "game", zh: "局"},
    "desk.seq": {en: "seq", zh: "序号"},
    "desk.reason": {en: "reason", zh: "原因"},
    "desk.logger": {en: "logger", zh: "记录电脑"},
    "act.confirm": {en: "Confirm", zh: "确认"},
    "act.annul": {en: "Annul", zh: "撤销"},
    "act.resume": {en: "Resume", zh: "继续"},
    "act.pause": {en: "Pause", zh: "暂停"},
    "act.addtime": {en: "+{s} s {side}", zh: "{side}加{s}秒"},
    "act.penalty": {en: "Penalty {side}", zh: "罚时{side}"},
    "act.foul": {en: "Foul {side}", zh: "判{side}犯规"},
    "act.unfoul": {en: "Strike foul {seq}", zh: "撤销犯规 {seq}"},
    "act.result": {en: "Result {score}", zh: "判 {score}"},
    "act.correct": {en: "Correct position", zh: "更正局面"},
    "side.red": {en: "Red", zh: "红方"},
    "side.black": {en: "Black", zh: "黑方"},
    "phase.setup": {en: "setting up", zh: "摆棋"},
    "phase.playing": {en: "playing", zh: "对局中"},
    "phase.paused": {en: "paused", zh: "暂停"},
    "phase.over": {en: "over", zh: "终局"},
    "state.provisional": {en: "provisional (art. 9)", zh: "待确认（第9条）"},
    "state.confirmed": {en: "confirmed", zh: "已确认"},
    "state.overruled": {en: "overruled by the arbiter", zh: "裁判改判"},
    "state.conflict": {en: "conflicts with the event file", zh: "与赛事文件不符"},
    "state.verdict": {en: "awaiting the arbiter", zh: "待裁判"},
    "link.up": {en: "connected", zh: "已连接"},
    "link.cut": {en: "cable off", zh: "线缆断开"},
    "link.silent": {en: "board silent", zh: "棋台无响应"},
    "link.logger": {en: "logger PC gone", zh: "记录电脑离线"},
    "link.broker": {en: "broker unreachable", zh: "无法连接服务器"},
    // the spectator pages: live.html (live.js, event.js, viewer.js), standings.html (standings.js)
    "live.title": {en: "live", zh: "直播"},
    "live.connecting": {en: "connecting…", zh: "连接中…"},
    "live.status": {en: "{events}{n} boards · live", zh: "{events}{n}台 · 直播"},
    "live.search": {en: "name or number", zh: "姓名或编号"},
    "live.searchlabel": {en: "find a player or board", zh: "查找棋手或棋台"},
    "live.lists": {en: "standings · pairings", zh: "排名 · 对阵"},
    "live.close": {en: "back to the hall", zh: "返回赛场"},
    "live.board": {en: "Board {board}", zh: "第{board}台"},
    "live.round": {en: "round {round}", zh: "第{round}轮"},
    "live.now": {en: "live", zh: "直播"},
    "live.licence": {en: "The eval bar runs Fairy-Stockfish in your browser, free software under the",
                     zh: "评估条在您的浏览器中运行 Fairy-Stockfish，自由软件，许可证为"},
    "live.source": {en: "source", zh: "源代码"},
    "live.pts": {en: "{score} pts", zh: "{score}分"},
    "view.notes": {en: "notes", zh: "注释"},
    "std.title": {en: "standings · pairings", zh: "排名 · 对阵"},
    "std.pairings": {en: "Pairings", zh: "对阵"},
    "std.pairingsround": {en: "Pairings · round {round}", zh: "第{round}轮对阵"},
    "std.standings": {en: "Standings", zh: "排名"},
    "std.table": {en: "Table", zh: "台次"},
    "std.pts": {en: "pts", zh: "积分"},
    "std.result": {en: "Result", zh: "结果"},
    "std.rest": {en: "rest", zh: "轮休"},
    "std.bye": {en: "bye", zh: "轮空"},
    "std.rank": {en: "Rank", zh: "名次"},
    "std.no": {en: "No", zh: "编号"},
    "std.name": {en: "Name", zh: "姓名"},
    "std.club": {en: "Club", zh: "单位"},
    "std.rating": {en: "Rating", zh: "等级分"},
    "std.score": {en: "Score", zh: "积分"},
    "std.loading": {en: "loading…", zh: "加载中…"},
    "std.nofile": {en: "no tournament file attached", zh: "未接入赛事文件"},
    "std.before": {en: "before round 1", zh: "第1轮前"},
    "std.after": {en: "after round {round}", zh: "第{round}轮后"},
    "std.updated": {en: "updated {time}", zh: "{time}更新"},
    "std.inplay": {en: " (round {round} in play: {in} of {of} results in)", zh: "（第{round}轮进行中：已有{in}/{of}个结果）"},
  };
  const pick = () => {
    const asked = new URLSearchParams(location.search).get("lang");
    const kept = (() => { try { return localStorage.getItem("xq-lang"); } catch (e) { return null; } })();
    const lang = asked || kept || (navigator.language || "en");
    return /^zh/i.test(lang) ? "zh" : "en";
  };
  const api = {TABLE, lang: pick()};
  api.t = (key, vars) => {
    const row = TABLE[key];
    let text = row ? (row[api.lang] || row.en) : key;
    for (const [k, v] of Object.entries(vars || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  };
  api.set = lang => {
    api.lang = lang === "zh" ? "zh" : "en";
    try { localStorage.setItem("xq-lang", api.lang); } catch (e) { /* private mode: this page only */ }
    document.documentElement.lang = api.lang === "zh" ? "zh-Hans" : "en";
    for (const f of api.listeners) f(api.lang);
  };
  api.listeners = [];
  api.onChange = f => api.listeners.push(f);
  // the page's fixed words: data-t (text), data-t-title, data-t-placeholder, data-t-label (aria-label)
  api.apply = () => {
    document.documentElement.lang = api.lang === "zh" ? "zh-Hans" : "en";
    for (const el of document.querySelectorAll("[data-t]")) el.textContent = api.t(el.dataset.t);
    for (const [attr, key] of [["title", "tTitle"], ["placeholder", "tPlaceholder"], ["aria-label", "tLabel"]]) {
      for (const el of document.querySelectorAll(`[data-${key.replace(/[A-Z]/g, c => "-" + c.toLowerCase())}]`)) {
        el.setAttribute(attr, api.t(el.dataset[key]));
      }
    }
    for (const b of document.querySelectorAll("[data-lang]")) b.classList.toggle("at", b.dataset.lang === api.lang);
  };
  // the switch (buttons with data-lang="zh" / "en"): the choice goes in the URL too, so a link shared keeps it
  document.addEventListener("click", ev => {
    const b = ev.target.closest && ev.target.closest("[data-lang]");
    if (!b) return;
    const url = new URL(location.href);
    url.searchParams.set("lang", b.dataset.lang);
    history.replaceState(null, "", url);
    api.set(b.dataset.lang);
  });
  api.onChange(api.apply);
  return api;
})();
