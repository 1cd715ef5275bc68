/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-build-id-cache.c — perf's build-id cache
 *
 * perf record keeps a copy of every file it recorded, under its build-id:
 * DIR/.build-id/xx/yyyy/elf for files, DIR/[kernel.kallsyms]/BUILD-ID/
 * kallsyms for the kernel's symbols. perf report reads files from there
 * when the one on disk is gone, changed or stripped, and so do we. DIR is
 * where perf puts it: its config's buildid.dir, else ~/.debug.
 */
#include "config.h"

#include <string.h>

#include "cs-symbolizer-private.h"

/* The value of "dir" in the [buildid] section of perf's config file
 * @path (git-config syntax: "[buildid]" then "\tdir = /path"), or NULL. */
static char *
perf_config_buildid_dir (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean in_section = FALSE;
  char *dir = NULL;

  if (path == NULL || !g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *eq;

      if (line[0] == '#' || line[0] == ';' || line[0] == '\0')
        continue;
      if (line[0] == '[')
        {
          in_section = g_ascii_strncasecmp (line, "[buildid]", 9) == 0;
          continue;
        }
      if (!in_section || (eq = strchr (line, '=')) == NULL)
        continue;
      *eq = '\0';
      if (g_ascii_strcasecmp (g_strstrip (line), "dir") == 0)
        {
          g_free (dir);
          dir = g_strdup (g_strstrip (eq + 1));
        }
    }
  return dir;
}

char *
_cs_symbolizer_dup_build_id_cache_locked (CsSymbolizer *self)
{
  const char *dir = self->build_id_cache;
  const char *home;
  const char *config;
  char *configured = NULL;

  if (dir == NULL)
    dir = g_getenv ("PERF_BUILDID_DIR");
  if (dir != NULL && *dir != '\0')
    return g_strdup (dir);
  /* $HOME as it is now: tests and sudo change it after start-up. */
  home = g_getenv ("HOME");
  if (home == NULL)
    home = g_get_home_dir ();
  /* perf's buildid.dir: $PERF_CONFIG alone when set, else the user's
   * ~/.perfconfig over the system's /etc/perfconfig. */
  if ((config = g_getenv ("PERF_CONFIG")) != NULL)
    configured = perf_config_buildid_dir (config);
  else
    {
      g_autofree char *user = g_build_filename (home, ".perfconfig", NULL);

      configured = perf_config_buildid_dir (user);
      if (configured == NULL)
        configured = perf_config_buildid_dir ("/etc/perfconfig");
    }
  if (configured != NULL && *configured != '\0')
    return configured;
  g_free (configured);
  return g_build_filename (home, ".debug", NULL);
}

char *
_cs_build_id_cache_file (const char *entry,
                        const char *basename)
{
  char *file = g_build_filename (entry, basename, NULL);

  if (g_file_test (file, G_FILE_TEST_IS_REGULAR))
    return file;
  g_free (file);
  if (g_file_test (entry, G_FILE_TEST_IS_REGULAR))
    return g_strdup (entry);
  return NULL;
}

/* perf's build-id cache keeps a copy of each file it recorded as
 * DIR/.build-id/xx/yyyy/elf. */
char *
_cs_build_id_cache_copy (const char *cache,
                         const char *hex)
{
  g_autofree char *xx = g_strndup (hex, 2);
  g_autofree char *entry = NULL;

  if (cache == NULL || strlen (hex) < 3)
    return NULL;
  entry = g_build_filename (cache, ".build-id", xx, hex + 2, NULL);
  return _cs_build_id_cache_file (entry, "elf");
}

