/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-formula-lexer.c — splits a metric formula into tokens
 *
 * Identifiers may contain '.' so that aliases read like Intel's event names
 * (MEM_LOAD_RETIRED.L2_LINE_MISS); a backslash takes the next character
 * literally so that a raw libpfm4 string (RS_UOPS_DISPATCHED\:c\=1) can be
 * written where no alias exists. Columns count characters, not bytes, so that
 * they match what an editor shows for non-ASCII text.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-formula-private.h"

void
_cs_lexer_init (CsLexer    *lexer,
               const char *text)
{
  lexer->text = text;
  lexer->pos = text;
  lexer->column = 1;
}

void
_cs_token_clear (CsToken *token)
{
  g_clear_pointer (&token->text, g_free);
}

char *
_cs_token_describe (const CsToken *token)
{
  if (token->kind == CS_TOKEN_END)
    return g_strdup (_("the end of the formula"));
  /* TRANSLATORS: a piece of a formula quoted in an error message */
  return g_strdup_printf (_("“%s”"), token->text);
}

static void
advance (CsLexer *lexer,
         gsize    n_bytes)
{
  const char *end = lexer->pos + n_bytes;

  while (lexer->pos < end)
    {
      lexer->pos = g_utf8_next_char (lexer->pos);
      lexer->column++;
    }
}

static gboolean
is_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_' || c == '\\';
}

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '.' || c == '\\';
}

static gboolean
lex_number (CsLexer  *lexer,
            CsToken  *token,
            GError  **error)
{
  const char *p = lexer->pos;
  g_autofree char *copy = NULL;

  while (g_ascii_isdigit (*p))
    p++;
  if (*p == '.')
    {
      p++;
      while (g_ascii_isdigit (*p))
        p++;
    }
  if ((*p == 'e' || *p == 'E') &&
      (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      p += 2;
      while (g_ascii_isdigit (*p))
        p++;
    }
  copy = g_strndup (lexer->pos, p - lexer->pos);
  /* "2x" or "1.2.3" is a typo, not a number followed by a name. */
  if (is_ident_char (*p) || strcmp (copy, ".") == 0)
    {
      const char *q = p;

      while (is_ident_char (*q))
        q++;
      g_free (copy);
      copy = g_strndup (lexer->pos, q - lexer->pos);
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("column %d: malformed number “%s”"), lexer->column, copy);
      return FALSE;
    }
  token->kind = CS_TOKEN_NUMBER;
  token->number = g_ascii_strtod (copy, NULL);
  token->text = g_steal_pointer (&copy);
  advance (lexer, p - lexer->pos);
  return TRUE;
}

static gboolean
lex_ident (CsLexer  *lexer,
           CsToken  *token,
           GError  **error)
{
  GString *name = g_string_new (NULL);
  const char *p = lexer->pos;
  gboolean escaped = FALSE;

  while (is_ident_char (*p))
    {
      if (*p == '\\')
        {
          const char *next = p + 1;

          if (*next == '\0')
            {
              int column = lexer->column + (int) g_utf8_strlen (lexer->pos, p - lexer->pos);

              g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                           _("column %d: a backslash must be followed by the character it escapes"),
                           column);
              g_string_free (name, TRUE);
              return FALSE;
            }
          g_string_append_len (name, next, g_utf8_next_char (next) - next);
          p = g_utf8_next_char (next);
          escaped = TRUE;
        }
      else
        {
          g_string_append_c (name, *p);
          p++;
        }
    }

  token->kind = CS_TOKEN_IDENT;
  /* An escaped "\if" is a name, so a model can still call an event "if". */
  if (!escaped && strcmp (name->str, "if") == 0)
    token->kind = CS_TOKEN_IF;
  else if (!escaped && strcmp (name->str, "else") == 0)
    token->kind = CS_TOKEN_ELSE;
  token->text = g_string_free (name, FALSE);
  advance (lexer, p - lexer->pos);
  return TRUE;
}

gboolean
_cs_lexer_next (CsLexer  *lexer,
               CsToken  *token,
               GError  **error)
{
  static const struct { const char *text; CsTokenKind kind; } ops[] = {
    { "<=", CS_TOKEN_LE }, { ">=", CS_TOKEN_GE }, { "==", CS_TOKEN_EQ },
    { "!=", CS_TOKEN_NE }, { "<", CS_TOKEN_LT }, { ">", CS_TOKEN_GT },
    { "(", CS_TOKEN_LPAREN }, { ")", CS_TOKEN_RPAREN }, { ",", CS_TOKEN_COMMA },
    { "+", CS_TOKEN_PLUS }, { "-", CS_TOKEN_MINUS }, { "*", CS_TOKEN_STAR },
    { "/", CS_TOKEN_SLASH },
  };
  char c;

  memset (token, 0, sizeof *token);
  while (g_ascii_isspace (*lexer->pos))
    advance (lexer, 1);

  token->column = lexer->column;
  c = *lexer->pos;
  if (c == '\0')
    {
      token->kind = CS_TOKEN_END;
      return TRUE;
    }
  if (g_ascii_isdigit (c) || (c == '.' && g_ascii_isdigit (lexer->pos[1])))
    return lex_number (lexer, token, error);
  if (is_ident_start (c))
    return lex_ident (lexer, token, error);

  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    {
      gsize len = strlen (ops[i].text);

      if (strncmp (lexer->pos, ops[i].text, len) == 0)
        {
          token->kind = ops[i].kind;
          token->text = g_strdup (ops[i].text);
          advance (lexer, len);
          return TRUE;
        }
    }

  {
    const char *end = g_utf8_next_char (lexer->pos);
    g_autofree char *bad = NULL;

    if (!g_utf8_validate (lexer->pos, -1, NULL))
      bad = g_strdup ("?");
    else
      bad = g_strndup (lexer->pos, end - lexer->pos);
    g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                 _("column %d: unexpected character “%s”"), lexer->column, bad);
  }
  return FALSE;
}
