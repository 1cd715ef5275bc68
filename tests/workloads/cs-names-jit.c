/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-jit.c — code in anonymous memory, named by a perf map
 *
 *   cs-names-jit [ITERATIONS] [MAP]   (default 300000000; MAP: write the
 *                                      perf map to this path instead)
 *
 * Does what a JIT compiler does: maps anonymous executable memory, writes
 * machine code into it (x86-64: two counting loops) and, by the convention
 * of V8, Java agents, LuaJIT, .NET and PyPy, lists the code it made in
 * /tmp/perf-PID.map ("START SIZE NAME" in hex). perf report names the
 * samples from that file; the names tests compare ours. Prints the map's
 * path. On other architectures it runs no code and says so (exit 77).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__)
/* loop: dec %rdi; jnz loop; mov %rdi,%rax; ret */
static const unsigned char loop_code[] = { 0x48, 0xff, 0xcf, 0x75, 0xfb, 0x48, 0x89, 0xf8, 0xc3 };
#endif

int
main (int    argc,
      char **argv)
{
#if defined(__x86_64__)
  long n = argc > 1 ? atol (argv[1]) : 300000000;
  char path[64];
  unsigned char *mem;
  long (*hot) (long);
  long (*warm) (long);
  FILE *map;

  mem = mmap (NULL, 8192, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED)
    {
      perror ("mmap");
      return 1;
    }
  memcpy (mem + 0x40, loop_code, sizeof loop_code);
  memcpy (mem + 0x1000, loop_code, sizeof loop_code);
  if (argc > 2)
    snprintf (path, sizeof path, "%s", argv[2]);
  else
    snprintf (path, sizeof path, "/tmp/perf-%d.map", (int) getpid ());
  if ((map = fopen (path, "w")) == NULL)
    {
      perror (path);
      return 1;
    }
  /* Names as JITs write them: with spaces, and a C++-style one. */
  fprintf (map, "%lx %zx jit_hot_loop\n", (unsigned long) (mem + 0x40), sizeof loop_code);
  fprintf (map, "%lx %zx LazyCompile:~warm app.js:12\n", (unsigned long) (mem + 0x1000),
           sizeof loop_code);
  fclose (map);
  hot = (long (*) (long)) (void *) (mem + 0x40);
  warm = (long (*) (long)) (void *) (mem + 0x1000);
  printf ("%s %ld\n", path, hot (n) + warm (n / 2));
  return 0;
#else
  (void) argc;
  (void) argv;
  fprintf (stderr, "cs-names-jit: x86-64 only\n");
  return 77;
#endif
}
