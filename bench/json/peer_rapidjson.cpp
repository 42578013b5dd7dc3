// RapidJSON parse-only throughput (MB/s, best of N, process CPU time: the machine may be shared): DOM parse with the
// default flags from an in-memory copy, as its own benchmarks do.
#include <rapidjson/document.h>

#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    FILE *f = std::fopen(argv[1], "rb");
    if (!f)
        return 2;
    std::fseek(f, 0, SEEK_END);
    long n = std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    std::vector<char> buf(static_cast<size_t>(n) + 1);
    if (std::fread(buf.data(), 1, static_cast<size_t>(n), f) != static_cast<size_t>(n))
        return 2;
    std::fclose(f);
    double best = 1e30;
    for (int r = 0; r < runs; r++) {
        std::clock_t t0 = std::clock();
        rapidjson::Document d;
        d.Parse(buf.data(), static_cast<size_t>(n));
        std::clock_t t1 = std::clock();
        if (d.HasParseError())
            return 1;
        double s = static_cast<double>(t1 - t0) / CLOCKS_PER_SEC;
        if (s < best)
            best = s;
    }
    std::printf("%.1f\n", static_cast<double>(n) / best / 1e6);
    return 0;
}
