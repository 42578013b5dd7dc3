// The animkit extension: starts `animkit lsp` for AnimJ, Glaxnimate, Maya
// .anim and the JSON dumps of the binary formats (NAME.ID.json). See
// docs/editors.md; install with `npm install` in this folder, then
// `npx @vscode/vsce package` and "Install from VSIX...".
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("animkit");
  const serverOptions = { command: settings.get("path", "animkit"), args: ["lsp"] };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "animj" },
      { scheme: "file", language: "glaxnimate" },
      { scheme: "file", language: "maya" },
      { scheme: "file", language: "json", pattern: "**/*.{animx,mrtk,maya,primeanim}.json" },
    ],
    initializationOptions: { level: settings.get("level", "compatible") },
    // sends {"animkit": {...}} on every change of the settings
    synchronize: { configurationSection: "animkit" },
  };
  client = new LanguageClient("animkit", "animkit", serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
