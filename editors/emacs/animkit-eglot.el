;;; animkit-eglot.el --- animkit lsp in Emacs through eglot  -*- lexical-binding: t; -*-

;; docs/editors.md. Eglot is built into Emacs 29; on Emacs 28 install it
;; (Debian: apt install elpa-eglot; or M-x package-install RET eglot).
;; Load this file from your init file: (load "/path/to/animkit-eglot.el").
;; `animkit' must be on `exec-path'.

(require 'eglot)

(define-derived-mode animkit-json-mode js-mode "animkit-JSON"
  "AnimJ, Glaxnimate and animkit dumps: JSON that `animkit lsp' checks.")

(define-derived-mode maya-anim-mode prog-mode "Maya-anim"
  "Maya ASCII .anim files, checked by `animkit lsp'."
  (setq-local comment-start "// "))

(add-to-list 'auto-mode-alist '("\\.animj\\'" . animkit-json-mode))
(add-to-list 'auto-mode-alist '("\\.rawr\\'" . animkit-json-mode))
(add-to-list 'auto-mode-alist '("\\.\\(animx\\|mrtk\\|maya\\|primeanim\\)\\.json\\'" . animkit-json-mode))
(add-to-list 'auto-mode-alist '("\\.anim\\'" . maya-anim-mode))

;; The language id eglot sends is the mode's name without "-mode"; animkit
;; detects the format from the file's name and content anyway.
(add-to-list 'eglot-server-programs
             '((animkit-json-mode maya-anim-mode) . ("animkit" "lsp")))

;; The level: "compatible" (the default) or "strict".
(setq-default eglot-workspace-configuration '(:animkit (:level "compatible")))

(add-hook 'animkit-json-mode-hook #'eglot-ensure)
(add-hook 'maya-anim-mode-hook #'eglot-ensure)

(provide 'animkit-eglot)
;;; animkit-eglot.el ends here
