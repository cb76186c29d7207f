// The class line of a lesson page: "Join the class", or "In class X as Ann", and the
// poster of the page's records to the class server (see classlink.py). Without a class
// server (the kernel says so: served is false) it asks the server nothing and shows
// nothing but, once there are records kept in this browser, a link to save them to a file.
const STORE = "fivecrowns-lab-results";
const NICK = "fivecrowns-lab-nickname";

function baseUrl() {
  try {
    const config = document.getElementById("jupyter-config-data");
    const base = config ? JSON.parse(config.textContent).baseUrl : null;
    if (base) return base.endsWith("/") ? base : base + "/";
  } catch (err) { /* fall through */ }
  return "/";
}

function cookie(name) {
  const m = document.cookie.match("(?:^|; )" + name + "=([^;]*)");
  return m ? decodeURIComponent(m[1]) : "";
}

function kept() {
  try { return JSON.parse(window.localStorage.getItem(STORE) || "[]"); } catch (err) { return []; }
}

function keep(records) {
  try {
    const all = kept().concat(records).slice(-5000);
    window.localStorage.setItem(STORE, JSON.stringify(all));
  } catch (err) { /* storage full or off: the class server still gets them */ }
}

// One shared state per page: several lesson widgets may render, one posts.
const shared = window.__fivecrownsClass || (window.__fivecrownsClass = {
  me: null, views: new Set(), status: "", queue: [], sending: false, listening: false,
});

function api(path) { return baseUrl() + "fivecrowns/class/" + path; }

function whoAmI() {
  if (!shared.served) return Promise.resolve(null);  // no class here: no 404 in any log
  if (!shared.me) {
    shared.me = fetch(api("api/me"), { credentials: "same-origin", cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
  }
  return shared.me;
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

async function flush() {
  if (shared.sending || !shared.queue.length) return;
  const me = await whoAmI();
  if (!me || !me.joined) { shared.queue = []; return; }
  shared.sending = true;
  try {
    while (shared.queue.length) {
      const batch = shared.queue.splice(0, 50);
      const answer = await fetch(api("api/records"), {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-XSRFToken": cookie("_xsrf") },
        body: JSON.stringify({ records: batch }),
      });
      const data = await answer.json().catch(() => ({}));
      if (!answer.ok) {
        shared.status = data.message ||
          fill(w("refused", "The class server refused the results ({status})."),
            { status: String(answer.status) }).join("");
        break;
      }
      shared.status = data.refused && data.refused.length
        ? data.refused[0]
        : fill(w("sent", "Sent to your teacher ({count} new)."), { count: String(data.stored) }).join("");
    }
  } catch (err) {
    shared.status = w("unreachable",
      "The class server cannot be reached: your results are kept in this browser.");
  } finally {
    shared.sending = false;
    shared.views.forEach((v) => v());
  }
}

function record(payload) {
  const at = new Date().toISOString();
  const clean = { ...payload, at };
  delete clean.seq;
  keep([clean]);
  shared.queue.push(clean);
  flush();
  shared.views.forEach((v) => v());
}

if (!shared.listening) {
  shared.listening = true;
  window.addEventListener("fivecrowns-lab:record", (event) => record(event.detail || {}));
}

function render({ model, el }) {
  const line = document.createElement("div");
  line.className = "fc-class-line";
  line.setAttribute("role", "status");
  el.appendChild(line);
  if (model.get("served")) shared.served = true;
  if (!shared.words && model.get("texts")) shared.words = model.get("texts");
  let lastSeq = Math.max(0, ...(model.get("outbox") || []).map((r) => r.seq || 0));

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

  async function draw() {
    const me = await whoAmI();
    line.replaceChildren();
    if (me && me.joined) {
      shared.nickname = me.nickname;
      try { window.localStorage.setItem(NICK, me.nickname); } catch (err) { /* off */ }
      const b = document.createElement("b");
      b.textContent = me.code;
      const n = document.createElement("b");
      n.textContent = me.nickname;
      const said = w("in_class",
        "In class {code} as {name}: your quiz first tries and experiment results go to your teacher.");
      line.append(...fill(said, { code: b, name: n }), " ");
    } else if (me) {
      const join = document.createElement("a");
      join.className = "fc-class-join";
      join.href = me.join + "?next=" + encodeURIComponent(window.location.pathname);
      join.textContent = w("join", "Join the class");
      const why = w("join_why",
        "{join} (a class code and a nickname) to share your results with your teacher.");
      line.append(...fill(why, { join }), " ");
    }
    if (shared.status) {
      const s = document.createElement("span");
      s.className = "fc-class-status";
      s.textContent = shared.status + " ";
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

  function take() {
    const fresh = (model.get("outbox") || []).filter((r) => (r.seq || 0) > lastSeq);
    fresh.forEach((r) => { lastSeq = Math.max(lastSeq, r.seq || 0); record(r); });
  }

  shared.views.add(draw);
  model.on("change:outbox", take);
  draw();
  return () => shared.views.delete(draw);
}

export default { render };
