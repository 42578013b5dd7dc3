-- animkit lsp in Neovim's built-in LSP client (docs/editors.md).
-- Works with Neovim 0.7 and later: put it in ~/.config/nvim/plugin/ or
-- load it from init.lua (dofile). `animkit` must be on PATH.

-- AnimJ and Glaxnimate files are JSON; Maya .anim files get their own type.
vim.cmd([[
  augroup animkit_filetypes
    autocmd!
    autocmd BufRead,BufNewFile *.animj,*.rawr set filetype=json
    autocmd BufRead,BufNewFile *.anim set filetype=maya
  augroup END
]])

local function start_animkit()
  local config = {
    name = "animkit",
    cmd = { "animkit", "lsp" },
    root_dir = vim.fn.getcwd(),
    -- "compatible" (the default) or "strict"
    init_options = { level = "compatible" },
  }
  if vim.lsp.start then
    vim.lsp.start(config) -- Neovim 0.8 and later: one server, reused
  else
    local id = vim.lsp.start_client(config) -- Neovim 0.7
    if id then
      vim.lsp.buf_attach_client(0, id)
    end
  end
end

vim.api.nvim_create_autocmd("FileType", { pattern = { "json", "maya" }, callback = start_animkit })
