'use strict';
// A stand-in for the parts of the `vscode` API that extension.js uses (VS Code itself cannot run
// here). It records what the extension shows, so a test can read it as a user would: QuickPick
// items, webview HTML, tree items and messages. `answers` scripts the user's picks.

const registered = new Map();
const shown = { errors: [], infos: [], warnings: [], opened: [], executed: [] };
const answers = { quickPick: [], inputBox: [] };
const config = {};
const created = { quickPicks: [], panels: [], treeViews: [] };

class EventEmitter {
  constructor() {
    this.listeners = [];
    this.event = (listener) => {
      this.listeners.push(listener);
      return { dispose: () => {} };
    };
  }

  fire(value) {
    return Promise.all(this.listeners.map((listener) => listener(value)));
  }

  dispose() {}
}

class ThemeIcon {
  constructor(id) {
    this.id = id;
  }
}

class TreeItem {
  constructor(label, collapsibleState) {
    this.label = label;
    this.collapsibleState = collapsibleState;
  }
}

function createQuickPick() {
  const emitters = {
    value: new EventEmitter(),
    accept: new EventEmitter(),
    hide: new EventEmitter(),
    button: new EventEmitter(),
    itemButton: new EventEmitter(),
  };
  const quickPick = {
    items: [],
    selectedItems: [],
    buttons: [],
    value: '',
    visible: false,
    onDidChangeValue: emitters.value.event,
    onDidAccept: emitters.accept.event,
    onDidHide: emitters.hide.event,
    onDidTriggerButton: emitters.button.event,
    onDidTriggerItemButton: emitters.itemButton.event,
    show() {
      this.visible = true;
    },
    hide() {
      this.visible = false;
      emitters.hide.fire();
    },
    dispose() {
      this.disposed = true;
    },
    // What VS Code does when the user types, presses Enter or clicks a button.
    type(value) {
      this.value = value;
      return emitters.value.fire(value);
    },
    accept(item) {
      this.selectedItems = [item];
      return emitters.accept.fire();
    },
    pressButton(button) {
      return emitters.button.fire(button);
    },
    pressItemButton(item, button) {
      return emitters.itemButton.fire({ item, button });
    },
  };
  created.quickPicks.push(quickPick);
  return quickPick;
}

function createWebviewPanel(viewType, title) {
  const received = new EventEmitter();
  const disposed = new EventEmitter();
  const panel = {
    viewType,
    title,
    webview: {
      html: '',
      cspSource: 'vscode-webview:',
      onDidReceiveMessage: received.event,
      // What the page's script does when the user clicks.
      click: (message) => received.fire(message),
    },
    onDidDispose: disposed.event,
    reveal() {},
    dispose() {
      disposed.fire();
    },
  };
  created.panels.push(panel);
  return panel;
}

const vscode = {
  EventEmitter,
  ThemeIcon,
  TreeItem,
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  Uri: { parse: (value) => ({ toString: () => value, value }) },
  env: {
    openExternal: async (uri) => {
      shown.opened.push(uri.toString());
      return true;
    },
  },
  commands: {
    registerCommand(id, fn) {
      registered.set(id, fn);
      return { dispose: () => registered.delete(id) };
    },
    async executeCommand(id, ...args) {
      shown.executed.push(id);
      const fn = registered.get(id);
      return fn ? fn(...args) : undefined;
    },
  },
  window: {
    createQuickPick,
    createWebviewPanel,
    createOutputChannel: () => ({ append() {}, appendLine() {}, show() {}, dispose() {} }),
    createTreeView(id, options) {
      const view = { id, ...options, dispose() {} };
      created.treeViews.push(view);
      return view;
    },
    showQuickPick: async () => answers.quickPick.shift(),
    showInputBox: async () => answers.inputBox.shift(),
    showErrorMessage: async (message) => shown.errors.push(message),
    showInformationMessage: async (message) => shown.infos.push(message),
    showWarningMessage: async (message) => shown.warnings.push(message),
  },
  workspace: {
    getConfiguration: (section) => ({
      get: (key, fallback) => {
        const value = config[`${section}.${key}`];
        return value === undefined ? fallback : value;
      },
    }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
  },
};

module.exports = { vscode, registered, shown, answers, config, created };
