// The table's WebSocket: sends my moves with the version I saw, hands every frame to the page,
// and reconnects with a growing pause unless the server said not to.

import { $ } from "./dom.js";

export function createSocket({ path, onFrame, shouldStop, onClosedForGood, toast }) {
  let socket = null;
  let retry = 0;
  let retryAfterMs = 0; // the server said when a new connection would be let in (flooding)

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + path);
    socket.addEventListener("open", () => {
      retry = 0;
      $("reconnecting").hidden = true;
    });
    socket.addEventListener("message", (event) => {
      // a run of moves comes as one array of frames, oldest first
      const data = JSON.parse(event.data);
      for (const frame of Array.isArray(data) ? data : [data]) {
        if (frame.type === "error" && frame.retry_after) retryAfterMs = frame.retry_after * 1000;
        onFrame(frame);
      }
    });
    socket.addEventListener("close", (event) => {
      // 4003 blocked, 4401/4403 no seat here, 4029 too many sockets: retrying would be refused
      if ([4003, 4401, 4403, 4029].includes(event.code) || shouldStop()) {
        $("reconnecting").hidden = true;
        onClosedForGood(event.code);
        return;
      }
      $("reconnecting").hidden = false;
      retry += 1;
      // spread out: when a process restarts, all of its sockets close at the same moment, and
      // the same pauses would bring them back in one burst
      const pause = Math.min(10000, 500 * 2 ** Math.min(retry, 5)) * (0.5 + Math.random());
      // asked to wait: come back just after, not before (an earlier try would be refused)
      const wait = retryAfterMs ? retryAfterMs + 1000 * Math.random() : pause;
      retryAfterMs = 0;
      setTimeout(connect, wait);
    });
  }

  function send(message, version) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      toast("Not connected — reconnecting…");
      return false;
    }
    message.version = version;
    socket.send(JSON.stringify(message));
    return true;
  }

  return { connect, send };
}
