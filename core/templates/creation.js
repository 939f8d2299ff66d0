// lifepath's creation page, made nicer: keys, and answers without a full reload. The page works without
// it (every step is a plain form); this file only adds to it. No framework, no build step.
(function () {
  "use strict";

  function radios() {
    return Array.prototype.slice.call(document.querySelectorAll("ol.options input[type=radio]"));
  }

  function typing(target) {
    return target instanceof HTMLInputElement && target.type !== "radio" || target instanceof HTMLTextAreaElement;
  }

  function press(action) {
    var button = document.querySelector('form.step button[name=action][value="' + action + '"]');
    if (button) button.click();
  }

  function hint() {
    var buttons = document.querySelector("form.step p.buttons");
    if (!buttons || document.getElementById("keys")) return;
    var line = document.createElement("p");
    line.id = "keys";
    line.className = "sub";
    line.textContent = "Keys: 1 to 9 choose an option, Enter answers, ? shows what the chosen one does, s suggests.";
    buttons.after(line);
  }

  document.addEventListener("keydown", function (event) {
    if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    var number = parseInt(event.key, 10);
    if (number >= 1 && number <= 9) {
      var option = radios()[number - 1];
      if (option && !option.disabled) {
        option.checked = true;
        option.focus();
        event.preventDefault();
      }
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type === "radio") {
      press("answer");
      event.preventDefault();
    } else if (event.key === "?") {
      var chosen = radios().filter(function (o) { return o.checked; })[0];
      var details = chosen && chosen.closest("li").querySelector("details");
      if (details) details.open = !details.open;
    } else if (event.key === "s") {
      press("suggest");
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    // the attributes, not form.action: the buttons named "action" shadow that property
    var method = (form.getAttribute("method") || "get").toLowerCase();
    if (!(form instanceof HTMLFormElement) || method !== "post" || !window.fetch) return;
    if (form.dataset.plain) return; // sent again as a plain form, below
    event.preventDefault();
    var submitter = event.submitter;
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var target = new URL(form.getAttribute("action") || location.href, location.href);
    fetch(target, { method: "POST", body: new URLSearchParams(data), credentials: "same-origin" })
      .then(function (answer) {
        return answer.text().then(function (text) { return [answer, text]; });
      })
      .then(function (got) {
        var answer = got[0];
        var next = new URL(answer.url);
        if (next.pathname !== location.pathname) {
          location.replace(answer.url); // a new page (the draft a start form made): load it whole
          return;
        }
        var page = new DOMParser().parseFromString(got[1], "text/html");
        var main = page.querySelector("main");
        if (!main) {
          location.replace(answer.url);
          return;
        }
        document.querySelector("main").replaceWith(main);
        document.title = page.title;
        history.replaceState(null, "", answer.url);
        hint();
        var focus = document.querySelector("#problem, main [role=status], main [role=alertdialog], legend, h1");
        if (focus) {
          focus.setAttribute("tabindex", "-1");
          focus.focus();
        }
      })
      .catch(function () {
        form.dataset.plain = "1"; // whatever went wrong, the plain form still works
        form.requestSubmit(submitter || undefined);
      });
  });

  hint();
})();
