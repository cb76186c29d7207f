// The class line of a lesson page: "Join the class", or "In class X as Ann", and the
// poster of the page's records to the class server (see classlink.py). Without a class
// server (the kernel says so: served is false) it asks the server nothing and shows
// nothing but, once there are records kept in this browser, a link to save them to a file.
//
// Nothing is lost on the way (issue 44): every record has an id; the records the server
// has not acknowledged wait in a persistent outbox (localStorage, OUTBOX) and are sent
// again, with a pause doubling from 1 s to 30 s (at once when the browser comes back
// online or the page back into view), until the server answers with their ids.
//
// A class on another origin (issue 47): a lesson of the static site opened with
// ?class=<class service>&code=<class code> posts to that service (fivecrowns-lab class)
// instead of its own server. The student joins on the page (a nickname); the service
// answers a bearer token kept in localStorage (REMOTE), sent with each request, never a
// cookie. The address's class is kept too, so the site's other lessons join the same class.
const REMOTE = "fivecrowns-lab-class";
const STORE = "fivecrowns-lab-results";
const OUTBOX = "fivecrowns-lab-outbox";
const NICK = "fivecrowns-lab-nickname";
const BATCH = 50;  // the server takes at most 50 records a request
const FIRST_PAUSE = 1000;
const LONGEST_PAUSE = 30000;
const REMEMBERED_IDS = 5000;  // ids already taken from the kernel, to drop a second copy

function baseUrl() {
  try {
    const config = document.getElementById("jupyter-config-data");
    const base = config ? JSON.parse(config.textContent).baseUrl : null;
    if (base) return base.endsWith("/") ? base : base + "/";
  } catch (err) { /* fall through */ }
  return "/";
}

// The class service on another origin this page posts to: {url, code, token?, nickname?}
// from the address (?class=...&code=...) or kept from an earlier lesson; null for none.
function remote() {
  if (shared.remote !== undefined) return shared.remote;
  let found = null;
  try { found = JSON.parse(window.localStorage.getItem(REMOTE) || "null"); } catch (err) { /* none */ }
  const asked = new URLSearchParams(window.location.search);
  const url = asked.get("class");
  if (url && /^https?:\/\//.test(url)) {
    const root = url.replace(/\/+$/, "").replace(/\/fivecrowns\/class$/, "");
    const code = (asked.get("code") || "").toUpperCase();
    if (!found || found.url !== root || found.code !== code) found = { url: root, code };
    keepRemote(found);
  }
  shared.remote = found && found.url ? found : null;
  if (shared.remote) shared.served = true;
  return shared.remote;
}

function keepRemote(value) {
  shared.remote = value;
  try { window.localStorage.setItem(REMOTE, JSON.stringify(value)); } catch (err) { /* memory */ }
}

// How a request proves who sends it: the bearer token on another origin, else the cookie.
function proof(headers) {
  const far = remote();
  if (!far) return { credentials: "same-origin", headers: { ...headers, "X-XSRFToken": cookie("_xsrf") } };
  const more = far.token ? { Authorization: "Bearer " + far.token } : {};
  return { credentials: "omit", headers: { ...headers, ...more } };
}

function cookie(name) {
  const m = document.cookie.match("(?:^|; )" + name + "=([^;]*)");
  return m ? decodeURIComponent(m[1]) : "";
}

function read(key) {
  try { return JSON.parse(window.localStorage.getItem(key) || "[]"); } catch (err) { return null; }
}

function kept() { return read(STORE) || []; }

function keep(records) {
  try {
    const all = kept().concat(records).slice(-5000);
    window.localStorage.setItem(STORE, JSON.stringify(all));
  } catch (err) { /* storage full or off: the class server still gets them */ }
}

// One shared state per page: several lesson widgets may render, one posts.
const shared = window.__fivecrownsClass || (window.__fivecrownsClass = {
  me: null, asking: null, views: new Set(), status: "", state: "", sentCount: 0,
  sending: false, again: false, listening: false, timer: null, pause: FIRST_PAUSE,
  memory: [], taken: new Set(), remote: undefined,
});

// The outbox: localStorage when the browser allows it, else this page's memory. Each
// change reads and writes it in one step, so another tab's records are never overwritten.
function outbox() {
  const stored = read(OUTBOX);
  return Array.isArray(stored) ? stored : shared.memory;
}

function setOutbox(records) {
  shared.memory = records;
  try { window.localStorage.setItem(OUTBOX, JSON.stringify(records)); } catch (err) { /* memory */ }
}

function api(path) {
  const far = remote();
  return (far ? far.url + "/" : baseUrl()) + "fivecrowns/class/" + path;
}

// Who this browser is in the class, asked afresh: {joined, ...}, or null when the server
// or its database cannot say (then the records wait: a server that cannot answer is never
// taken for "not in the class").
function askWhoIAm() {
  if (!shared.served) return Promise.resolve(null);
  const far = remote();
  if (far && !far.token) {  // not joined yet on this browser: nothing to ask
    shared.me = { joined: false, code: far.code };
    shared.state = "join";
    return Promise.resolve(shared.me);
  }
  if (!shared.asking) {
    const { credentials, headers } = proof({});
    shared.asking = fetch(api("api/me"), { credentials, headers, cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((me) => {
        // A database away makes an older server answer "not joined" with its problem.
        if (!me || typeof me.joined !== "boolean" || (!me.joined && me.problem)) {
          shared.state = "paused";
          return null;
        }
        shared.me = me;
        if (!me.joined) shared.state = "join";
        else if (shared.state === "paused" || shared.state === "join") shared.state = "";
        return me;
      })
      .catch(() => { shared.state = "paused"; return null; })
      .finally(() => { shared.asking = null; });
  }
  return shared.asking;
}

function whoAmI() {
  return shared.me ? Promise.resolve(shared.me) : askWhoIAm();
}

// The line's sentences come from the kernel in the learner's language (the first page
// widget to render sets them); a page without them reads English.
function w(key, english) {
  return (shared.words || {})[key] || english;
}

// A sentence as nodes: each "{name}" replaced by values[name] (a string or an element).
function fill(sentence, values) {
  return sentence.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] ?? part : part));
}

function redraw() { shared.views.forEach((v) => v()); }

function later() {
  clearTimeout(shared.timer);
  shared.timer = setTimeout(flush, shared.pause);
  shared.pause = Math.min(shared.pause * 2, LONGEST_PAUSE);
}

function forget(ids) {
  const gone = new Set(ids);
  setOutbox(outbox().filter((r) => !gone.has(r.id)));
}

// One POST of the oldest waiting records; true when it is worth going straight on.
async function postBatch() {
  const batch = outbox().slice(0, BATCH);
  let answer;
  try {
    answer = await fetch(api("api/records"), {
      method: "POST", ...proof({ "Content-Type": "application/json" }),
      body: JSON.stringify({ records: batch }),
    });
  } catch (err) {
    shared.state = "paused";  // the server is away (restarting, or the network)
    return false;
  }
  const data = await answer.json().catch(() => ({}));
  if (answer.status === 401) {
    const far = remote();
    if (far) keepRemote({ url: far.url, code: far.code });  // a token the class no longer has
    shared.me = { ...(shared.me || {}), joined: false };
    shared.state = "join";
    return false;
  }
  if (!answer.ok) {
    // 503: the database is away. Anything else (a login page after a restart, a proxy)
    // is said once, and the records still wait.
    shared.state = answer.status === 503 || data.retry ? "paused" : "refused";
    shared.status = data.message ||
      fill(w("refused", "The class server refused the results ({status})."),
        { status: String(answer.status) }).join("");
    return false;
  }
  const acked = Array.isArray(data.acked) ? data.acked : [];
  forget(acked);
  if (shared.state !== "sent") shared.sentCount = 0;  // "(3 new)": those that waited
  shared.sentCount += Number(data.stored) || 0;
  shared.state = "sent";
  const refused = Array.isArray(data.refused) ? data.refused : [];
  shared.status = refused.length ? refused[0].message || String(refused[0]) : "";
  shared.pause = FIRST_PAUSE;
  return acked.length > 0;  // nothing acknowledged: wait, never spin
}

async function flush() {
  if (!shared.served) return;
  if (shared.sending) { shared.again = true; return; }
  clearTimeout(shared.timer);
  shared.sending = true;
  let goOn = true;
  try {
    while (goOn && outbox().length) {
      const me = shared.me && shared.me.joined ? shared.me : await askWhoIAm();
      if (!me) { goOn = false; later(); break; }
      if (!me.joined) break;  // they wait for joining (the join page brings the page back)
      goOn = await postBatch();
      if (!goOn && shared.state !== "join") later();
      redraw();
    }
  } finally {
    shared.sending = false;
    redraw();
    if (shared.again) { shared.again = false; flush(); }
  }
}

// Back online or back in view: try at once (a student who joined in another tab, too).
function wake() {
  if (document.visibilityState === "hidden") return;
  shared.pause = FIRST_PAUSE;
  if (shared.state === "join") shared.me = null;
  if (shared.state === "paused" || shared.state === "join" || outbox().length) {
    askWhoIAm().then(() => { redraw(); flush(); });
  }
}

// Join the class on another origin from this page: its answer's token is kept for the
// site's lessons, and the student is shown their rejoin code.
async function joinThere(nickname) {
  const far = remote();
  let answer, data;
  try {
    answer = await fetch(api("api/join"), {
      method: "POST", credentials: "omit", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: far.code, nickname, browser: browserId(),
        lang: document.documentElement.lang || "en" }),
    });
    data = await answer.json().catch(() => ({}));
  } catch (err) {
    shared.status = w("unreachable",
      "The class server cannot be reached: your results are kept in this browser.");
    redraw();
    return;
  }
  if (!answer.ok || !data.token) {
    shared.status = data.message || fill(w("refused",
      "The class server refused the results ({status})."), { status: String(answer.status) }).join("");
    redraw();
    return;
  }
  keepRemote({ ...far, token: data.token, nickname: data.nickname });
  shared.me = { joined: true, nickname: data.nickname, code: data.code };
  shared.state = "";
  shared.status = "";
  // Shown for the rest of the visit: the student needs it to take the nickname back.
  shared.rejoinNote = data.rejoin ? fill(w("rejoin_note",
    "Your rejoin code is {rejoin}. Write it down: with it you take your nickname back on another browser."),
    { rejoin: data.rejoin }).join("") : "";
  redraw();
  flush();
}

// A random id of this browser, so that the class service counts joins per browser.
function browserId() {
  const key = "fivecrowns-lab-browser";
  try {
    const kept = window.localStorage.getItem(key);
    if (kept) return kept;
    const made = recordId().slice(0, 20);
    window.localStorage.setItem(key, made);
    return made;
  } catch (err) { return ""; }
}

function recordId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function remember(id) {
  shared.taken.add(id);
  if (shared.taken.size > REMEMBERED_IDS) {
    shared.taken.delete(shared.taken.values().next().value);  // the oldest
  }
}

// A record made on this page (by the kernel or another widget): kept, and sent.
function record(payload) {
  const id = typeof payload.id === "string" && payload.id ? payload.id : recordId();
  if (shared.taken.has(id)) return;
  remember(id);
  const clean = { ...payload, id, at: payload.at || new Date().toISOString() };
  delete clean.seq;
  keep([clean]);
  if (shared.served) setOutbox([...outbox(), clean].slice(-5000));
  flush();
  redraw();
}

if (!shared.listening) {
  shared.listening = true;
  window.addEventListener("fivecrowns-lab:record", (event) => record(event.detail || {}));
  window.addEventListener("online", wake);
  window.addEventListener("focus", wake);
  document.addEventListener("visibilitychange", wake);
}

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "fc-class-line";
  line.setAttribute("role", "status");
  el.appendChild(line);
  if (model.get("served") || remote()) shared.served = true;
  if (!shared.words && model.get("texts")) shared.words = model.get("texts");

  function saveLink() {
    const records = kept();
    if (!records.length) return null;
    const a = document.createElement("a");
    a.className = "fc-class-save";
    a.textContent = w("save", "Save my results to a file");
    const nickname = (shared.nickname || window.localStorage.getItem(NICK) || "me");
    const text = JSON.stringify({ format: "fivecrowns-lab-results", version: 1, nickname, records });
    a.href = "data:application/json;charset=utf-8," + encodeURIComponent(text);
    a.download = `fivecrowns-results-${nickname.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 24)}.json`;
    return a;
  }

  function counted(key, english, count) {
    return count === 1 ? w(key + "_one", english[0])
      : fill(w(key, english[1]), { count: String(count) }).join("");
  }

  // On another origin: a nickname box and a Join button on the line itself (made once, so
  // a redraw while the student types keeps what they typed).
  let madeForm = null;
  function joinForm() {
    madeForm = madeForm || makeForm();
    const why = w("join_why",
      "{join} (a class code and a nickname) to share your results with your teacher.");
    const label = document.createElement("span");
    label.textContent = w("join", "Join the class");
    return [...fill(why, { join: label }), " ", madeForm, " "];
  }

  function makeForm() {
    const form = document.createElement("form");
    form.className = "fc-class-joinform";
    const name = document.createElement("input");
    name.name = "nickname";
    name.required = true;
    name.maxLength = 40;
    name.setAttribute("aria-label", w("nickname", "Your nickname"));
    name.placeholder = w("nickname", "Your nickname");
    const go = document.createElement("button");
    go.type = "submit";
    go.textContent = w("join_button", "Join");
    form.append(name, " ", go);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (name.value.trim()) joinThere(name.value.trim());
    });
    return form;
  }

  function joinLink(me) {
    if (remote()) return joinForm();
    const join = document.createElement("a");
    join.className = "fc-class-join";
    join.href = (me.join || api("join")) + "?next=" + encodeURIComponent(window.location.pathname);
    join.textContent = w("join", "Join the class");
    const why = w("join_why",
      "{join} (a class code and a nickname) to share your results with your teacher.");
    return [...fill(why, { join }), " "];
  }

  function inClass(me) {
    shared.nickname = me.nickname;
    try { window.localStorage.setItem(NICK, me.nickname); } catch (err) { /* off */ }
    const b = document.createElement("b");
    b.textContent = me.code;
    const n = document.createElement("b");
    n.textContent = me.nickname;
    const said = w("in_class",
      "In class {code} as {name}: your quiz first tries and experiment results go to your teacher.");
    return [...fill(said, { code: b, name: n }), " "];
  }

  // What is happening to the records, in a sentence (or none).
  function news() {
    const waiting = shared.served ? outbox().length : 0;
    if (shared.state === "paused") {
      return counted("paused", ["Recording paused: 1 result waiting.",
        "Recording paused: {count} results waiting."], waiting);
    }
    if (shared.state === "join") {
      return waiting ? counted("waiting", ["1 result will be sent when you join.",
        "{count} results will be sent when you join."], waiting) : "";
    }
    if (shared.status) return shared.status;
    if (shared.state === "sent" && !waiting) {
      return fill(w("sent", "Sent to your teacher ({count} new)."),
        { count: String(shared.sentCount) }).join("");
    }
    return "";
  }

  async function draw() {
    const me = await whoAmI();
    line.replaceChildren();
    const paused = shared.state === "paused";
    if (me && me.joined && shared.state !== "join") line.append(...inClass(me));
    else if (me && !paused) line.append(...joinLink(me));
    if (shared.rejoinNote && me && me.joined) {
      const r = document.createElement("span");
      r.className = "fc-class-rejoin";
      r.textContent = shared.rejoinNote + " ";
      line.append(r);
    }
    const said = news();
    if (said) {
      const s = document.createElement("span");
      s.className = "fc-class-status";
      s.textContent = said + " ";
      line.append(s);
    }
    const save = saveLink();
    if (save) {
      // Off a class server the link stands alone: say what it saves and what it is for.
      if (!(me && me.joined)) line.append(w("kept", "Your answers and results stay in this browser:"), " ");
      line.append(save);
    }
    line.style.display = line.childNodes.length ? "" : "none";
  }

  // Every record in the kernel's outbox this page has not taken yet (a view that renders
  // after the records were sent takes them too), then tell the kernel which it has.
  function take() {
    const waiting = model.get("outbox") || [];
    waiting.forEach((r) => record(r));
    const ids = waiting.map((r) => r.id).filter((id) => typeof id === "string");
    if (ids.length) {
      try { model.send({ taken: ids }); } catch (err) { /* no kernel: it is gone anyway */ }
    }
  }

  shared.views.add(draw);
  model.on("change:outbox", take);
  take();
  draw();
  flush();  // records left waiting by an earlier visit (a restart, a try before joining)
  return () => shared.views.delete(draw);
}

export default { render };
