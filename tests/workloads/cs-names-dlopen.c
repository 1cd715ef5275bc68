/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-dlopen.c — loads a plugin with dlopen() and runs it
 *
 *   cs-names-dlopen PLUGIN.so [ROUNDS]   (default 100)
 *
 * The plugin is not linked: it only appears in the recording through the
 * mapping dlopen() makes, as a plugin of a real program would.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int    argc,
      char **argv)
{
  double (*work) (int);
  double s = 0;
  long rounds;
  void *handle;

  if (argc < 2)
    {
      fprintf (stderr, "usage: cs-names-dlopen PLUGIN.so [ROUNDS]\n");
      return 2;
    }
  rounds = argc > 2 ? atol (argv[2]) : 100;
  if ((handle = dlopen (argv[1], RTLD_NOW)) == NULL)
    {
      fprintf (stderr, "%s\n", dlerror ());
      return 1;
    }
  *(void **) &work = dlsym (handle, "cs_names_plugin_work");
  if (work == NULL)
    {
      fprintf (stderr, "%s\n", dlerror ());
      return 1;
    }
  for (long r = 0; r < rounds; r++)
    s += work (100000);
  printf ("%f\n", s);
  dlclose (handle);
  return 0;
}
