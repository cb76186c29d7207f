// A self-check quiz that needs no kernel: the questions, answers and explanations are in
// the widget's state, and a click is checked here, in the page. With a kernel the answers
// are also synced back to Python (model.save_changes); without one, that step is skipped.
const HEADER = ["lesson", "name", "question", "first answer", "right the first time",
  "tries", "right answer"];
const FORMULA = ["=", "+", "-", "@", "\t", "\r"];

function cell(text) {
  return FORMULA.some((c) => text.startsWith(c)) ? "'" + text : text;
}

function csvLine(fields) {
  return fields.map((f) => '"' + String(f).replace(/"/g, '""') + '"').join(",") + "\n";
}

function rightIndex(question) {
  return question.answers.findIndex((a) => a.correct);
}

function resultsCsv(model) {
  const bank = model.get("bank");
  const choices = model.get("choices");
  const label = model.get("lesson_label") || model.get("heading");
  let out = csvLine(HEADER);
  bank.forEach((q, i) => {
    const tries = choices[i] || [];
    const first = tries.length ? q.answers[tries[0]] : null;
    out += csvLine([
      cell(label),
      cell(model.get("learner")),
      cell(q.prompt),
      first ? cell(first.text) : "",
      first ? (first.correct ? "yes" : "no") : "not answered",
      String(tries.length),
      cell(q.answers[rightIndex(q)].text),
    ]);
  });
  return out;
}

function el_(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A record's id: 8-64 characters of [A-Za-z0-9_-] (a page off https may lack randomUUID).
function recordId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function save(model) {
  try {
    model.save_changes();
  } catch (err) {
    // No kernel (a static page): the quiz still works, only Python does not hear of it.
  }
}

function render({ model, el }) {
  const root = el_("div", "fc-quiz");
  el.appendChild(root);
  let parts = null;

  function choicesCopy() {
    const bank = model.get("bank");
    const old = model.get("choices") || [];
    return bank.map((_q, i) => (old[i] ? [...old[i]] : []));
  }

  function answer(q, a) {
    const choices = choicesCopy();
    if (!choices[q].length && model.get("class_topic")) {
      // A first try: the page's class line (classlink.js) sends it to the class, if any.
      // Its id is made here, once: however often the page re-sends it, it counts once.
      window.dispatchEvent(new CustomEvent("fivecrowns-lab:record", { detail: {
        id: recordId(), kind: "quiz", topic: model.get("class_topic"), question: q + 1,
        answer: a + 1 } }));
    }
    choices[q].push(a);
    model.set("choices", choices);
    save(model);
    update();
  }

  // The page's words come from the kernel in the learner's language; a page without
  // them (the static docs) reads English. "{name}" fields are filled from `values`.
  function w(key, english, values = {}) {
    const text = (model.get("words") || {})[key] || english;
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  }

  function build() {
    root.replaceChildren();
    const bank = model.get("bank");
    const heading = model.get("heading");
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", heading);
    root.appendChild(el_("h3", "fc-quiz-title", heading));
    root.appendChild(el_("p", "fc-quiz-intro", w("intro",
      "Click an answer: you will see at once if it is right, and why. " +
      "The score counts your first try at each question.")));
    const questions = bank.map((q, i) => {
      const box = el_("fieldset", "fc-quiz-q");
      box.appendChild(el_("legend", "fc-question", `${i + 1}. ${q.prompt}`));
      const row = el_("div", "fc-quiz-answers");
      const buttons = q.answers.map((a, j) => {
        const b = el_("button", "fc-quiz-answer", a.text);
        b.type = "button";
        b.addEventListener("click", () => answer(i, j));
        row.appendChild(b);
        return b;
      });
      box.appendChild(row);
      const feedback = el_("div", "fc-quiz-feedback");
      feedback.setAttribute("role", "status");
      feedback.setAttribute("aria-live", "polite");
      box.appendChild(feedback);
      root.appendChild(box);
      return { buttons, feedback };
    });
    const score = el_("p", "fc-quiz-score");
    score.setAttribute("role", "status");
    root.appendChild(score);
    const summary = el_("div", "fc-quiz-summary");
    root.appendChild(summary);

    const tools = el_("div", "fc-quiz-tools");
    const nameLabel = el_("label", "fc-quiz-name", w("name", "Your name (for the results file) "));
    const name = el_("input");
    name.type = "text";
    name.maxLength = 80;
    name.value = model.get("learner");
    name.addEventListener("change", () => {
      model.set("learner", name.value.slice(0, 80));
      save(model);
      update();
    });
    nameLabel.appendChild(name);
    const download = el_("a", "fc-quiz-button fc-quiz-download",
      w("download", "Download my results (CSV)"));
    const reset = el_("button", "fc-quiz-button fc-quiz-reset", w("reset", "Reset"));
    reset.type = "button";
    reset.addEventListener("click", () => {
      model.set("choices", model.get("bank").map(() => []));
      save(model);
      update();
      const first = root.querySelector(".fc-quiz-answer");
      if (first) first.focus();
    });
    tools.append(nameLabel, download, reset);
    if (model.get("handout_url")) {
      const handout = el_("a", "fc-quiz-button fc-quiz-handout",
        w("handout", "Printable worksheet with answer key"));
      handout.href = model.get("handout_url");
      handout.download = model.get("handout_name") || "handout.html";
      tools.appendChild(handout);
    }
    root.appendChild(tools);
    parts = { questions, score, summary, download, name };
  }

  function update() {
    if (!parts) build();
    const bank = model.get("bank");
    const choices = model.get("choices") || [];
    let right = 0;
    let answered = 0;
    const missed = [];
    bank.forEach((q, i) => {
      const tries = choices[i] || [];
      const { buttons, feedback } = parts.questions[i];
      const last = tries.length ? tries[tries.length - 1] : -1;
      buttons.forEach((b, j) => {
        const chosen = j === last;
        b.classList.toggle("fc-right", chosen && q.answers[j].correct);
        b.classList.toggle("fc-wrong", chosen && !q.answers[j].correct);
        b.setAttribute("aria-pressed", chosen ? "true" : "false");
      });
      feedback.replaceChildren();
      feedback.className = "fc-quiz-feedback";
      if (last >= 0) {
        const a = q.answers[last];
        feedback.classList.add(a.correct ? "fc-quiz-ok" : "fc-quiz-no");
        feedback.append(
          el_("b", "", a.correct ? w("right", "Right! ") : w("wrong", "Not quite. ")), a.why);
      }
      if (tries.length) {
        answered += 1;
        if (q.answers[tries[0]].correct) right += 1;
        else missed.push([i, q, q.answers[tries[0]]]);
      }
    });
    parts.score.textContent = w("score",
      "First-try score: {right} of {total} ({answered} answered)",
      { right, total: bank.length, answered });
    parts.summary.replaceChildren();
    if (answered === bank.length) {
      parts.summary.appendChild(el_("h4", "", w("finished",
        "Finished: {right} of {total} right the first time.", { right, total: bank.length })));
      if (missed.length) {
        parts.summary.appendChild(el_("p", "", w("again", "Worth another look:")));
        const list = el_("ul");
        missed.forEach(([i, q, first]) => {
          const item = el_("li");
          item.append(el_("b", "", `${i + 1}. ${q.prompt} `),
            w("first", "You first said “{said}”: {why} The answer is “{answer}”.", {
              said: first.text, why: first.why, answer: q.answers[rightIndex(q)].text }));
          list.appendChild(item);
        });
        parts.summary.appendChild(list);
      } else {
        parts.summary.appendChild(
          el_("p", "", w("perfect", "Every answer right at the first try. Well done!")));
      }
    }
    if (document.activeElement !== parts.name) parts.name.value = model.get("learner");
    parts.download.href = "data:text/csv;charset=utf-8," + encodeURIComponent(resultsCsv(model));
    const who = (model.get("learner") || "").replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 30);
    const label = (model.get("lesson_label") || "quiz").replace(/[^A-Za-z0-9]+/g, "-");
    parts.download.download = `${label}-results${who ? "-" + who : ""}.csv`.toLowerCase();
  }

  model.on("change:bank", () => { parts = null; update(); });
  model.on("change:choices", update);
  model.on("change:learner", update);
  update();
}

export default { render };
