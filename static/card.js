// The result card (issue 22): draws a result on a 1080 x 1350 <canvas> in the page's own
// fonts and sends it with its text through the phone's share sheet, or downloads the
// picture and copies the text where the phone cannot share files.
//
// What the card says comes whole from the page: the server puts the card's model in a
// <script type="application/json" class="card-model"> (templates/_result_card.html), with
// the sides already in their finishing order, the places, the winners' sentence and every
// word in the page's language. Nothing here decides a result; this file only lays it out.
//
// window.scorekeeperCard.draw(model) returns the drawn canvas (the tests read it), and
// .render(model) the PNG as a Blob.
(() => {
  "use strict";
  const WIDTH = 1080;
  const HEIGHT = 1350;
  const PAD = 72; // px between the card's edge and its text
  const BAND = 330; // px: the coloured head with the title, group and date
  const ROWS_TOP = BAND + 40;
  const ROWS_BOTTOM = 1050;
  const COLOURS = {
    band: "#0a6b4d",
    onBand: "#ffffff",
    onBandMuted: "#d6ece3",
    paper: "#fbfaf6",
    ink: "#1b1d1f",
    muted: "#5a6066",
    win: "#f6dc7d",
    rule: "#dedbd0",
    badge: "#e7efe9",
  };
  // A name (typed by a player, of either direction) is drawn between FSI and PDI, as a
  // page's <bdi> keeps it: whole, in its own direction, inside the card's.
  const isolated = (text) => `\u2068${text}\u2069`;

  // The page's own fonts, as the phone shows its pages: the same letters on the card as
  // on the scoreboard, Hebrew and Latin alike.
  function family() {
    return (document.body && getComputedStyle(document.body).fontFamily) || "sans-serif";
  }

  function font(weight, size) {
    return `${weight} ${size}px ${family()}`;
  }

  // Waits for the page's fonts (a system font the phone loads as it is first used).
  function fontsReady() {
    if (!document.fonts || !document.fonts.ready) return Promise.resolve();
    return document.fonts.ready.catch(() => {});
  }

  // ``text`` cut with an ellipsis to fit ``width`` in the context's font.
  function fitted(context, text, width) {
    if (context.measureText(text).width <= width) return text;
    const letters = Array.from(text);
    let low = 0;
    let high = letters.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (context.measureText(letters.slice(0, middle).join("") + "…").width <= width) low = middle;
      else high = middle - 1;
    }
    return letters.slice(0, low).join("") + "…";
  }

  // ``text`` in lines that fit ``width``, at most ``most`` (the last cut short).
  function wrapped(context, text, width, most) {
    const words = text.split(" ");
    const lines = [];
    let line = "";
    for (const word of words) {
      const longer = line ? `${line} ${word}` : word;
      if (line && context.measureText(longer).width > width) {
        lines.push(line);
        line = word;
      } else {
        line = longer;
      }
    }
    if (line) lines.push(line);
    if (lines.length > most) {
      const kept = lines.slice(0, most);
      kept[most - 1] = fitted(context, lines.slice(most - 1).join(" "), width);
      return kept;
    }
    return lines.map((one) => fitted(context, one, width));
  }

  // One run of text: ``direction`` sets how its letters read, ``align`` where it stands.
  // Text wider than ``width`` is set smaller, down to ``shrink`` of its size, then cut
  // short; a name is isolated (``isolate``) after it is cut.
  function say(context, text, x, y, options) {
    let size = options.size;
    const smallest = Math.round(size * (options.shrink || 1));
    context.font = font(options.weight || 400, size);
    while (options.width && size > smallest && context.measureText(text).width > options.width) {
      size -= 2;
      context.font = font(options.weight || 400, size);
    }
    context.fillStyle = options.colour;
    context.direction = options.direction;
    context.textAlign = options.align;
    let shown = options.width ? fitted(context, text, options.width) : text;
    if (options.isolate) shown = isolated(shown);
    context.fillText(shown, x, y);
  }

  function roundedBox(context, x, y, width, height, radius) {
    context.beginPath();
    context.moveTo(x + radius, y);
    context.arcTo(x + width, y, x + width, y + height, radius);
    context.arcTo(x + width, y + height, x, y + height, radius);
    context.arcTo(x, y + height, x, y, radius);
    context.arcTo(x, y, x + width, y, radius);
    context.closePath();
    context.fill();
  }

  function draw(model, canvas) {
    canvas = canvas || document.createElement("canvas");
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const context = canvas.getContext("2d");
    const rtl = model.dir === "rtl";
    const start = rtl ? WIDTH - PAD : PAD; // x where a line starts in the card's language
    const end = rtl ? PAD : WIDTH - PAD;
    const startAlign = rtl ? "right" : "left";
    const endAlign = rtl ? "left" : "right";
    const inward = rtl ? -1 : 1; // from the start towards the end
    const page = model.dir;
    context.textBaseline = "alphabetic";

    context.fillStyle = COLOURS.paper;
    context.fillRect(0, 0, WIDTH, HEIGHT);
    context.fillStyle = COLOURS.band;
    context.fillRect(0, 0, WIDTH, BAND);

    const middle = WIDTH / 2;
    const inner = WIDTH - 2 * PAD;
    // A long title (an evening's, "Abend vom 2026-03-06") is set smaller before it is cut.
    say(context, model.title, middle, 130, {
      weight: 700, size: 76, colour: COLOURS.onBand, direction: page, align: "center", width: inner,
      shrink: 0.7,
    });
    if (model.group) {
      say(context, model.group, middle, 210, {
        size: 48, colour: COLOURS.onBand, direction: page, align: "center", width: inner,
        shrink: 0.75, isolate: true,
      });
    }
    say(context, model.date, middle, model.group ? 275 : 220, {
      size: 38, colour: COLOURS.onBandMuted, direction: page, align: "center", width: inner,
    });

    // The sides in the order the server gave, a line per player (partners under each
    // other), the winners' rows on gold; the winners' sentence under them.
    // A row's note (an evening's "3 games · 2 wins") stands smaller before its figure;
    // the caption (what the figures are) over the rows.
    const lines = model.rows.reduce((count, row) => count + row.names.length, 0);
    const gap = 16;
    const rowsTop = ROWS_TOP + (model.caption ? 56 : 0);
    const MORE = 56; // px: the line that says how many players only the text names
    const room = ROWS_BOTTOM - rowsTop - gap * (model.rows.length - 1) - (model.more ? MORE : 0);
    const lineHeight = Math.min(104, room / Math.max(lines, 1));
    const nameSize = Math.round(Math.min(54, lineHeight * 0.5));
    const badge = Math.min(38, lineHeight * 0.42);
    const nameStart = start + inward * (badge * 2 + 30);
    // The winners' sentence: large in up to two lines, smaller in up to four when it is
    // long (who went out, and who won).
    let size = 50;
    let most = 2;
    let sentence = [];
    if (model.winner) {
      for ([size, most] of [[50, 2], [44, 3], [38, 4]]) {
        context.font = font(700, size);
        sentence = wrapped(context, model.winner, inner, 99);
        if (sentence.length <= most) break;
      }
      sentence = wrapped(context, model.winner, inner, 4);
    }
    // The rows and the sentence together, in the middle of the room under the head.
    const rowsHeight = lines * lineHeight + gap * (model.rows.length - 1);
    const block =
      rowsHeight +
      (model.more ? MORE : 0) +
      (sentence.length ? 50 + sentence.length * (size + 14) : 0);
    let top = rowsTop + Math.max(0, (HEIGHT - 120 - rowsTop - block) / 2);
    if (model.caption) {
      say(context, model.caption, middle, top - 34, {
        size: 32, colour: COLOURS.muted, direction: page, align: "center", width: inner,
        shrink: 0.7,
      });
    }
    model.rows.forEach((row, rowIndex) => {
      const height = lineHeight * row.names.length;
      if (rowIndex && !row.won && !model.rows[rowIndex - 1].won) {
        context.fillStyle = COLOURS.rule;
        context.fillRect(PAD, top - gap / 2 - 1, WIDTH - 2 * PAD, 2);
      }
      if (row.won) {
        context.fillStyle = COLOURS.win;
        roundedBox(context, PAD - 24, top, WIDTH - 2 * PAD + 48, height, 22);
      }
      const centre = top + height / 2;
      context.fillStyle = row.won ? COLOURS.onBand : COLOURS.badge;
      context.beginPath();
      context.arc(start + inward * badge, centre, badge, 0, 2 * Math.PI);
      context.fill();
      say(context, row.place, start + inward * badge, centre + badge * 0.38, {
        weight: 700, size: Math.round(badge * 1.05), colour: COLOURS.ink, direction: "ltr",
        align: "center",
      });
      context.font = font(700, nameSize + 4);
      const totalWidth = context.measureText(row.total).width;
      const noteSize = Math.round(nameSize * 0.7);
      context.font = font(400, noteSize);
      const noteWidth = row.note ? context.measureText(row.note).width + 28 : 0;
      const nameWidth = Math.abs(end - nameStart) - totalWidth - 40 - noteWidth;
      row.names.forEach((name, index) => {
        const baseline = top + lineHeight * index + lineHeight / 2 + nameSize * 0.36;
        const options = {
          weight: row.won ? 700 : 400, size: nameSize, colour: COLOURS.ink, direction: page,
          align: startAlign, width: nameWidth, shrink: 0.7, isolate: true,
        };
        if (index) {
          // A partner after the first: "& " before the name, in the card's direction.
          context.font = font(options.weight, nameSize);
          const and = "& ";
          say(context, and, nameStart, baseline, { ...options, width: 0, isolate: false });
          const step = context.measureText(and).width;
          say(context, name, nameStart + inward * step, baseline, { ...options, width: nameWidth - step });
        } else {
          say(context, name, nameStart, baseline, options);
        }
      });
      if (row.note) {
        say(context, row.note, end - inward * (totalWidth + 28), centre + nameSize * 0.36, {
          size: noteSize, colour: COLOURS.muted, direction: page, align: endAlign,
        });
      }
      // Numbers read left to right on a Hebrew card too, the minus sign before them.
      say(context, row.total, end, centre + nameSize * 0.4, {
        weight: 700, size: nameSize + 4, colour: COLOURS.ink, direction: "ltr", align: endAlign,
      });
      top += height + gap;
    });
    if (model.more) {
      say(context, model.more, middle, top + 30, {
        size: 32, colour: COLOURS.muted, direction: page, align: "center", width: inner,
        shrink: 0.7,
      });
      top += MORE;
    }

    // The server's sentence keeps its names and numbers isolated (FSI/LRI … PDI), which
    // the canvas honours as a page does.
    sentence.forEach((line, index) => {
      say(context, line, middle, top + 50 + size + index * (size + 14), {
        weight: 700, size: size, colour: COLOURS.band, direction: page, align: "center",
      });
    });
    say(context, model.brand, middle, HEIGHT - 50, {
      size: 34, colour: COLOURS.muted, direction: page, align: "center", width: inner,
    });
    return canvas;
  }

  // The card drawn once the page's fonts are ready: its canvas and its PNG.
  function picture(model) {
    return fontsReady().then(
      () =>
        new Promise((resolve, reject) => {
          const canvas = draw(model);
          canvas.toBlob((blob) => {
            if (blob) resolve({ canvas: canvas, blob: blob });
            else reject(new Error("the canvas gave no PNG"));
          }, "image/png");
        }),
    );
  }

  // The card as a PNG Blob.
  function render(model) {
    return picture(model).then((drawnCard) => drawnCard.blob);
  }

  const drawn = new Map(); // each card drawn on this page (canvas and PNG), by its JSON

  function modelOf(holder) {
    const script = holder.querySelector("script.card-model");
    return script ? script.textContent : null;
  }

  function pictureOf(json) {
    if (!drawn.has(json)) drawn.set(json, picture(JSON.parse(json)));
    return drawn.get(json);
  }

  function tell(holder, text) {
    const status = holder.querySelector(".card-status");
    if (status) status.textContent = text;
  }

  function download(blob, name) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  }

  function copy(text) {
    if (!navigator.clipboard || !navigator.clipboard.writeText) return Promise.resolve(false);
    return navigator.clipboard.writeText(text).then(() => true, () => false);
  }

  function send(holder) {
    const json = modelOf(holder);
    const model = JSON.parse(json);
    const words = model.words || {};
    tell(holder, "");
    return pictureOf(json).then(
      ({ blob }) => {
        const file = new File([blob], model.file, { type: "image/png" });
        const shared = { files: [file], text: model.text, title: model.title };
        if (navigator.share && navigator.canShare && navigator.canShare({ files: [file] })) {
          return navigator.share(shared).then(
            () => tell(holder, words.shared || ""),
            (error) => {
              // Closing the share sheet is the user's choice: nothing to say.
              if (error && error.name === "AbortError") return undefined;
              return fallBack(holder, blob, model);
            },
          );
        }
        return fallBack(holder, blob, model);
      },
      () => {
        tell(holder, words.failed || "");
        showText(holder);
      },
    );
  }

  // The text to copy by hand, opened and selected.
  function showText(holder) {
    const fold = holder.querySelector("details.card-text-fold");
    if (fold) fold.open = true;
    const box = holder.querySelector(".card-text textarea");
    if (box) box.select();
  }

  function fallBack(holder, blob, model) {
    download(blob, model.file);
    return copy(model.text).then((copied) => {
      tell(holder, (copied ? model.words.downloaded : model.words.not_copied) || "");
      if (!copied) showText(holder);
    });
  }

  // "Send result" is a link to a page with the text, for a phone without JavaScript; here
  // it sends. The scoreboard's live part is replaced as hands are saved: one listener on
  // the document serves the button whenever it appears.
  document.addEventListener("click", (event) => {
    const button = event.target.closest ? event.target.closest("[data-send]") : null;
    const holder = button ? button.closest("[data-card]") : null;
    if (!holder || !modelOf(holder)) return;
    event.preventDefault();
    send(holder);
  });

  // A page that shows the picture draws it now; a scoreboard draws its card ahead, so
  // that the tap on "Send result" reaches the share sheet at once.
  function prepare() {
    document.querySelectorAll("[data-card]").forEach((holder) => {
      const json = modelOf(holder);
      if (!json) return;
      const preview = holder.querySelector("img.card-preview");
      pictureOf(json).then(({ canvas }) => {
        if (!preview) return;
        // A data: address: the page's Content-Security-Policy allows those for images.
        preview.src = canvas.toDataURL("image/png");
        preview.hidden = false;
      }, () => {});
    });
  }

  // ``send(holder)``: what a tap on "Send result" does, for a scoreboard that fetched this
  // script on the tap (app.js, issue 56).
  window.scorekeeperCard = { draw: draw, render: render, fontsReady: fontsReady, send: send };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", prepare);
  else prepare();
})();
